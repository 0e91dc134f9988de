// A team's first subscription: its administrator names the team and the seats (their own included) and
// pays through Stripe's checkout; the administrator holds the first seat.
import { BILLING_MESSAGES, type TeamSignup } from '@blueconsent/contract/billing'
import type { AppContext } from '../../context.ts'
import { AppError } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import { addTeamMember } from './billing.repository.ts'
import { callerOf, emailOf, ensureCustomer, requireTeamAdmin, startCheckout } from './billing.service.ts'

export async function teamSignup(ctx: AppContext, source: AuditSource, input: TeamSignup) {
  const caller = callerOf(source)
  requireTeamAdmin(caller)
  const account = await ensureCustomer(ctx, caller, await emailOf(ctx, caller), input.team_name)
  if (account.accountType !== 'TEAM')
    throw new AppError(403, 'permission_denied', BILLING_MESSAGES.notTeamAdmin)
  if (account.stripeSubscriptionId && account.subscriptionStatus !== 'canceled')
    throw new AppError(409, 'conflict', 'This team already has a subscription.')
  await addTeamMember(ctx.db, account.id, caller.principal.userId, ctx.clock())
  return startCheckout(ctx, source, account, input.seats, input)
}
