// What billing does when another feature publishes: an invitation sent into a subscribed team holds a seat,
// so the team is charged for one more when none was free.
import type { AppContext } from '../../platform/context.ts'
import type { DomainEvents } from '../../platform/events/domain-events.ts'
import { coverHeldSeats } from './team.service.ts'

export function subscribeBilling(events: DomainEvents<AppContext>): void {
  events.on('invitation.sent', async (ctx, tx, event) => {
    if (event.organizationId) await coverHeldSeats(ctx, tx, event.organizationId)
  })
}
