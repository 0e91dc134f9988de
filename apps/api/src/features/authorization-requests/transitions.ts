// The one way a request changes status: every transition is recorded as an event row and an audit row,
// then published to the features that act on it (messages, grants, pulls) inside the same transaction.
// The update is conditional on the current status, so two concurrent transitions (a sweep and a
// patient's click) cannot both win.
import type { AuthorizationStatus } from '@blueconsent/contract/authorization-requests'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { auditRowOf } from '../../platform/audit/index.ts'
import {
  findRequest,
  insertRequestEventWithAudit,
  updateRequestIfStatus,
  type RequestPatch,
  type RequestRow,
} from './authorization-requests.repository.ts'
import { requestFacts } from './request-facts.ts'

export type { RequestPatch, RequestRow }
export type EventActor = { kind: 'user' | 'patient' | 'system'; userId?: string }

export type TransitionInput = {
  requestId: string
  to: AuthorizationStatus
  event: string
  actor: EventActor
  details?: Record<string, string | number | boolean | null>
  patch?: RequestPatch
  /** Defaults to the wall clock; jobs and tests pass their own. */
  at?: Date
  /** Where a staff action came from, for the audit row. */
  origin?: RequestOrigin
}

export type RequestOrigin = { ipAddress: string | null; httpRequestId: string | null }

/** The revoke the patient makes on their own access page ('Stop sharing'); its requester is told. */
export const PATIENT_STOPPED_SHARING = 'patient_stopped_sharing'

/** Allowed moves. `expired` is terminal except for nothing; renewal creates a new request instead. */
export const ALLOWED_TRANSITIONS: Record<AuthorizationStatus, readonly AuthorizationStatus[]> = {
  consent_pending: ['pending', 'denied', 'expired', 'revoked'],
  pending: ['authorized', 'denied', 'expired', 'revoked'],
  authorized: ['revoked', 'expired'],
  denied: [],
  expired: [],
  revoked: [],
}

export const canTransition = (from: AuthorizationStatus, to: AuthorizationStatus): boolean =>
  ALLOWED_TRANSITIONS[from].includes(to)

export const invalidTransition = (from: AuthorizationStatus, to: AuthorizationStatus): AppError =>
  new AppError(409, 'conflict', `A ${from} request cannot become ${to}.`)

/** Moves one request from its current status to `to`; throws 409 when the move is not allowed. */
export async function transitionRequest(
  ctx: AppContext,
  tx: DbOrTx,
  input: TransitionInput,
): Promise<RequestRow> {
  const at = input.at ?? new Date()
  const current = await findRequest(tx, input.requestId)
  if (!current) throw new AppError(404, 'not_found', 'Not found.')
  if (!canTransition(current.status, input.to)) throw invalidTransition(current.status, input.to)
  const updated = await updateRequestIfStatus(tx, current, {
    ...input.patch,
    status: input.to,
    updatedAt: at,
  })
  // Someone else moved it between our read and our write.
  if (!updated) throw invalidTransition(current.status, input.to)
  await recordRequestEvent(tx, {
    request: updated,
    event: input.event,
    from: current.status,
    to: input.to,
    actor: input.actor,
    at,
    ...(input.details ? { details: input.details } : {}),
    ...(input.origin ? { origin: input.origin } : {}),
  })
  await publishTransition(ctx, tx, { request: updated, from: current.status, cause: input.event, at })
  return updated
}

type Transition = { request: RequestRow; from: AuthorizationStatus; cause: string; at: Date }

/** Announces the new status; 'pending' (an SMS opt-in) is announced with its link by its own caller. */
async function publishTransition(ctx: AppContext, tx: DbOrTx, transition: Transition): Promise<void> {
  const { from, cause, at } = transition
  const request = requestFacts(ctx, transition.request)
  const wasAuthorized = from === 'authorized'
  switch (request.status) {
    case 'authorized':
      return ctx.events.publish(ctx, tx, 'authorization_request.authorized', { request, at })
    case 'denied':
      return ctx.events.publish(ctx, tx, 'authorization_request.denied', { request, cause, at })
    case 'revoked':
      return ctx.events.publish(ctx, tx, 'authorization_request.revoked', {
        request,
        wasAuthorized,
        at,
        cause,
      })
    case 'expired':
      return ctx.events.publish(ctx, tx, 'authorization_request.expired', { request, wasAuthorized, at })
    case 'pending':
    case 'consent_pending':
      return
  }
}

export type EventInput = {
  request: Pick<RequestRow, 'id' | 'organizationId' | 'patientId'>
  event: string
  from?: AuthorizationStatus | null
  to?: AuthorizationStatus | null
  actor: EventActor
  at: Date
  details?: Record<string, string | number | boolean | null>
  origin?: RequestOrigin
}

/** An event row plus its audit row (messages, resends and transitions alike). */
export async function recordRequestEvent(tx: DbOrTx, input: EventInput): Promise<void> {
  const actorUserId = input.actor.kind === 'user' ? (input.actor.userId ?? null) : null
  const event = {
    requestId: input.request.id,
    event: input.event,
    fromStatus: input.from ?? null,
    toStatus: input.to ?? null,
    actorKind: input.actor.kind,
    actorUserId,
    occurredAt: input.at,
    details: input.details ?? null,
  }
  const audit = auditRowOf({
    action: `authorization_request.${input.event}`,
    actorUserId,
    organizationId: input.request.organizationId,
    requestId: input.request.id,
    patientId: input.request.patientId,
    details: { actor: input.actor.kind, from: input.from ?? null, to: input.to ?? null, ...input.details },
    at: input.at,
    ipAddress: input.origin?.ipAddress ?? null,
    httpRequestId: input.origin?.httpRequestId ?? null,
  })
  await insertRequestEventWithAudit(tx, event, audit)
}
