// In-process domain events: a feature publishes what happened and the features that care subscribe, so
// the publisher never imports them. Handlers run one after another inside the publisher's transaction
// (they enqueue outbox rows and jobs there), so a subscriber's work commits or rolls back with the
// change that caused it; a failing handler fails the change. Nothing here is fire-and-forget.
import type { AppContext } from '../context.ts'
import type { DbOrTx } from '../db/client.ts'
import type { authorizationRequests } from '../db/schema/authorization-requests.ts'

type RequestRow = typeof authorizationRequests.$inferSelect

/** A request's consent link as the patient receives it; null while an SMS request waits for YES. */
type ConsentLink = string | null

/** Everything the lifecycle of an authorization request announces, by event name. */
export type DomainEventMap = {
  /** A staff member asked a patient (a renewal too); the first message goes out. */
  'authorization_request.created': { request: RequestRow; consentLink: ConsentLink }
  /** The request's message is sent again: a staff resend or a scheduled reminder. */
  'authorization_request.reminded': {
    request: RequestRow
    consentLink: ConsentLink
    /** A reminder from the sweep (true) or a staff resend (false). */
    scheduled: boolean
    /** The link is new: the message says earlier links no longer work. */
    replacesEarlier: boolean
    at: Date
  }
  /** The patient replied YES to the SMS opt-in: the request is pending with a fresh link. */
  'authorization_request.consented': { request: RequestRow; consentLink: string }
  'authorization_request.authorized': { request: RequestRow; at: Date }
  'authorization_request.denied': { request: RequestRow; cause: string; at: Date }
  'authorization_request.revoked': { request: RequestRow; wasAuthorized: boolean; at: Date }
  'authorization_request.expired': { request: RequestRow; wasAuthorized: boolean; at: Date }
  /** An authorization nears its end and has not been renewed: its requester is told. */
  'authorization_request.renewal_due': { request: RequestRow; at: Date }
  /** An administrator confirmed that the Medicare record belongs to the requested patient. */
  'authorization_request.identity_confirmed': { request: RequestRow; at: Date }
}

export type DomainEventName = keyof DomainEventMap

export type DomainEventHandler<Name extends DomainEventName> = (
  ctx: AppContext,
  tx: DbOrTx,
  event: DomainEventMap[Name],
) => Promise<void>

type HandlerLists = { [Name in DomainEventName]?: DomainEventHandler<Name>[] }

export class DomainEvents {
  private readonly handlers: HandlerLists = {}

  /** Subscribes at start-up; handlers of one event run in subscription order. */
  on<Name extends DomainEventName>(name: Name, handler: DomainEventHandler<Name>): void {
    const list = (this.handlers[name] ?? []) as DomainEventHandler<Name>[]
    list.push(handler)
    ;(this.handlers as Record<Name, DomainEventHandler<Name>[]>)[name] = list
  }

  async publish<Name extends DomainEventName>(
    ctx: AppContext,
    tx: DbOrTx,
    name: Name,
    event: DomainEventMap[Name],
  ): Promise<void> {
    const list = (this.handlers[name] ?? []) as DomainEventHandler<Name>[]
    for (const handler of list) await handler(ctx, tx, event)
  }
}
