// In-process domain events: a feature publishes what happened and the features that care subscribe, so
// the publisher never imports them. Handlers run one after another inside the publisher's transaction
// (they enqueue outbox rows and jobs there), so a subscriber's work commits or rolls back with the
// change that caused it; a failing handler fails the change. Nothing here is fire-and-forget.
import type { RequestFacts } from '@blueconsent/contract/authorization-requests'
import type { DbOrTx } from '../db/client.ts'

/** A request's consent link as the patient receives it; null while an SMS request waits for YES. */
type ConsentLink = string | null

/**
 * Everything the lifecycle of an authorization request announces, by event name. Payloads carry values
 * (contract types), not table rows: a subscriber never depends on how the publisher stores what it announces.
 */
export type DomainEventMap = {
  /** A staff member asked a patient (a renewal too); the first message goes out. */
  'authorization_request.created': {
    request: RequestFacts
    consentLink: ConsentLink
    /** The authorization length asked for (a provider's), null for 13 months or an agent's 10 hours. */
    durationDays: number | null
  }
  /** The request's message is sent again: a staff resend or a scheduled reminder. */
  'authorization_request.reminded': {
    request: RequestFacts
    consentLink: ConsentLink
    /** A reminder from the sweep (true) or a staff resend (false). */
    scheduled: boolean
    /** The link is new: the message says earlier links no longer work. */
    replacesEarlier: boolean
    at: Date
  }
  /** The patient replied YES to the SMS opt-in: the request is pending with a fresh link. */
  'authorization_request.consented': { request: RequestFacts; consentLink: string }
  'authorization_request.authorized': { request: RequestFacts; at: Date }
  /** A staff member asked for the Medicare data again after the last pull failed. */
  'authorization_request.pull_retry_requested': { request: RequestFacts; at: Date }
  'authorization_request.denied': { request: RequestFacts; cause: string; at: Date }
  /** `cause`: the transition's event, e.g. a staff revoke or the patient stopping it on their access page. */
  'authorization_request.revoked': { request: RequestFacts; wasAuthorized: boolean; at: Date; cause: string }
  'authorization_request.expired': { request: RequestFacts; wasAuthorized: boolean; at: Date }
  /** An authorization nears its end and has not been renewed: its requester is told. */
  'authorization_request.renewal_due': { request: RequestFacts; at: Date }
  /**
   * A 13-month Medicare grant ends in `daysBefore` days (30, then 7), at `endsAt`: the patient is reminded to
   * renew, in their language, and integrators are told. Published once per mark.
   */
  'authorization_request.grant_ending': { request: RequestFacts; endsAt: Date; daysBefore: number; at: Date }
  /**
   * An administrator confirmed that the Medicare record belongs to the requested patient; `medicare` is the
   * birth date and sex Medicare returned (the held pull copied nothing onto the patient), for its risk score.
   */
  'authorization_request.identity_confirmed': {
    request: RequestFacts
    at: Date
    medicare: { birthDate: string | null; gender: string | null }
  }
  /**
   * An administrator rejected it: the held pull's data is deleted and the requester told. Published before the
   * request is revoked (which ends its grant), in the same transaction.
   */
  'authorization_request.identity_rejected': { request: RequestFacts; at: Date }
  /** Someone was invited into an organisation (null: the platform's own): a pending invitation holds a seat. */
  'invitation.sent': { organizationId: string | null; at: Date }
  /**
   * A pull's data is released to the patient: a pull that matched completed, or a reviewer confirmed a held one.
   * `birthDate` and `gender` are the patient's as the pull (or Medicare, on confirmation) left them.
   */
  'ingestion.pull_completed': {
    request: RequestFacts
    patientId: string
    birthDate: string | null
    gender: string | null
    /** Whether the pull's claims include alcohol & substance use (42 CFR Part 2) ones; null: not known (v2). */
    part2Shared: boolean | null
    at: Date
  }
  /** A pull of the request's Medicare data completed and its data is served (not one held for review). */
  'ingestion.completed': { request: RequestFacts; runId: string; at: Date }
  /** A pull ended failed for good (the retries of a transient error are not announced). */
  'ingestion.failed': { request: RequestFacts; runId: string; at: Date }
}

export type DomainEventName = keyof DomainEventMap

/** `Ctx` is the app's context (AppContext), a parameter so that the context can hold its events. */
export type DomainEventHandler<Name extends DomainEventName, Ctx> = (
  ctx: Ctx,
  tx: DbOrTx,
  event: DomainEventMap[Name],
) => Promise<void>

type HandlerLists<Ctx> = { [Name in DomainEventName]?: DomainEventHandler<Name, Ctx>[] }

export class DomainEvents<Ctx> {
  private readonly handlers: HandlerLists<Ctx> = {}

  /** Subscribes at start-up; handlers of one event run in subscription order. */
  on<Name extends DomainEventName>(name: Name, handler: DomainEventHandler<Name, Ctx>): void {
    const list = (this.handlers[name] ?? []) as DomainEventHandler<Name, Ctx>[]
    list.push(handler)
    ;(this.handlers as Record<Name, DomainEventHandler<Name, Ctx>[]>)[name] = list
  }

  async publish<Name extends DomainEventName>(
    ctx: Ctx,
    tx: DbOrTx,
    name: Name,
    event: DomainEventMap[Name],
  ): Promise<void> {
    const list = (this.handlers[name] ?? []) as DomainEventHandler<Name, Ctx>[]
    for (const handler of list) await handler(ctx, tx, event)
  }
}
