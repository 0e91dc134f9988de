// A team's first subscription: its administrator names the team and the seats (their own included) and
// pays through Stripe's checkout. Every member of the organisation and every pending invitation holds a
// seat from the start, so the seats bought must cover them.
import { BILLING_MESSAGES, seatsForMembersText, type TeamSignup } from '@blueconsent/contract/billing'
import type { AppContext } from '../../platform/context.ts'
import { AppError, fieldError } from '../../platform/errors.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { callerOf, emailOf, ensureCustomer, requireTeamAdmin, startCheckout } from './billing.service.ts'
import { occupiedSeats } from './team.service.ts'

export async function teamSignup(ctx: AppContext, source: Actor, input: TeamSignup) {
  const caller = callerOf(source)
  requireTeamAdmin(caller)
  const occupied = await occupiedSeats(ctx, ctx.db, caller.organizationId)
  if (input.seats < occupied) throw fieldError('seats', seatsForMembersText(occupied))
  const account = await ensureCustomer(ctx, caller, await emailOf(ctx, caller), input.team_name)
  if (account.accountType !== 'TEAM')
    throw new AppError(403, 'permission_denied', BILLING_MESSAGES.notTeamAdmin)
  if (account.stripeSubscriptionId && account.subscriptionStatus !== 'canceled')
    throw new AppError(409, 'conflict', 'This team already has a subscription.')
  return startCheckout(ctx, source, account, input.seats, input)
}
