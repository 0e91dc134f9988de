// An authorization that ends (revoked, expired, or rejected after identity review) stops its grant: the
// tokens are destroyed here and revoked at CMS by a job, unless another authorized request still uses them.
import type { AppContext } from '../../platform/context.ts'
import type { DomainEvents } from '../../platform/events/domain-events.ts'
import { revokeGrantForRequest } from './grants.service.ts'

export function subscribeBlueButton(events: DomainEvents<AppContext>): void {
  for (const ended of ['authorization_request.revoked', 'authorization_request.expired'] as const) {
    events.on(ended, async (ctx, tx, { request, wasAuthorized }) => {
      if (wasAuthorized) await revokeGrantForRequest(ctx, tx, request.id)
    })
  }
}
