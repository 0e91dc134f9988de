// What staff do with authorization requests: create (find-or-create the patient, one active request per
// patient), read, list, revoke/cancel, resend (3 a day), status, renew, identity review, hide, MRN lookup.
// Messages, grants and pulls follow from the lifecycle events published here and in transitions.ts.
import {
  AUTHORIZATION_MESSAGES,
  PENDING_AUTHORIZATION_STATUSES,
  type AuthorizationRequest,
  type authorizationStatusResponseSchema,
  type AuthorizationStatus,
  type AuthorizationType,
  type CreateAuthorizationRequest,
  type MrnLookupResponse,
  type RequestAttention,
  type UnhideRequestsResponse,
} from '@blueconsent/contract/authorization-requests'
import {
  AUTHORIZATION,
  HEALTH_PLAN,
  MESSAGES,
  isAdminRole,
  isAgentRole,
  isProviderRole,
  isValidPatientId,
  type Paginated,
} from '@blueconsent/contract/shared'
import type { z } from 'zod'
import type { Actor, Principal } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, FieldValidationError, fieldError, permissionDenied } from '../../platform/errors.ts'
import { decrypt, encrypt } from '../../platform/lib/crypto.ts'
import { writeAuditRow } from '../../platform/audit/index.ts'
import {
  contactHash,
  findOrCreatePatient,
  findPatientByMrn,
  lockPatientRow,
  normaliseContact,
  patientInScope,
  type PatientRow,
} from '../patients/index.ts'
import {
  countEventsSince,
  findActiveRequestForPatient,
  findOpeningFacts,
  findScopedRequest,
  insertRequest,
  listScopedRequests,
  newestRuns,
  unhideOwnRequests,
  updateRequest,
  type OpeningFacts,
} from './authorization-requests.repository.ts'
import { consentUrl, issueConsentToken } from './consent-token.ts'
import { requestFacts } from './request-facts.ts'
import {
  RESENT_EVENT,
  listedView,
  readIdentityEvidence,
  requestView,
  startOfUtcDay,
  type RequestWithPatient,
  type Viewer,
} from './request-views.ts'
import { recordRequestEvent, transitionRequest, type RequestOrigin, type RequestRow } from './transitions.ts'

export type AuthorizationStatusResponse = z.infer<typeof authorizationStatusResponseSchema>
export type CreateInput = CreateAuthorizationRequest & { language?: 'en' | 'es' | undefined }

const DAY_MS = 24 * 60 * 60 * 1000
const LINK_VALIDITY_MS = AUTHORIZATION.consentLinkValidityDays * DAY_MS

export const invalidRequestId = (): AppError =>
  new AppError(400, 'validation_error', 'Invalid request ID format')
const notFound = (): AppError => new AppError(404, 'not_found', 'Not found.')
const alreadyActive = (): AppError => new AppError(409, 'conflict', AUTHORIZATION_MESSAGES.alreadyActive)

/** The administrator roles review identities, and only they see what Medicare returned for a request. */
const viewerOf = (principal: Principal): Viewer => ({ reviewsIdentity: isAdminRole(principal.role) })

const userActor = (actor: Actor) => ({ kind: 'user' as const, userId: actor.principal.userId })
const originOf = (actor: Actor): RequestOrigin => ({
  ipAddress: actor.ip,
  httpRequestId: actor.httpRequestId,
})

async function loadScoped(
  ctx: AppContext,
  db: DbOrTx,
  principal: Principal,
  id: string,
): Promise<RequestWithPatient> {
  if (!isValidPatientId(id)) throw invalidRequestId()
  const row = await findScopedRequest(db, principal, id)
  if (!row) throw notFound()
  return row
}

/** The requester, or an admin role of the organisation (review page), may act on a request. */
function assertCanManage(principal: Principal, request: RequestRow): void {
  if (request.requesterUserId === principal.userId) return
  if (principal.permissions.includes('authorization_requests.view_organization')) return
  throw permissionDenied()
}

const isLive = (request: Pick<RequestRow, 'expiresAt'>, now: Date): boolean =>
  request.expiresAt === null || request.expiresAt.getTime() > now.getTime()

function authorizationTypeFor(
  principal: Principal,
  requested: AuthorizationType | undefined,
): AuthorizationType {
  const derived: AuthorizationType = isAgentRole(principal.role) ? 'insurance_agent' : 'healthcare_provider'
  if (requested !== undefined && requested !== derived) {
    throw fieldError('authorization_type', `Your role can only create ${derived} requests.`)
  }
  return derived
}

function validateCreate(
  principal: Principal,
  body: CreateInput,
): { mrn: string | null; type: AuthorizationType } {
  if (body.health_plan !== HEALTH_PLAN.slug) throw fieldError('health_plan', 'Unknown health plan.')
  const mrn = body.patient_mrn?.trim() || null
  if (isProviderRole(principal.role) && !mrn)
    throw new FieldValidationError({ patient_mrn: [MESSAGES.required] })
  const type = authorizationTypeFor(principal, body.authorization_type)
  if (type === 'insurance_agent' && body.duration_days !== undefined)
    throw fieldError('duration_days', 'An agent’s authorization always lasts about 10 hours.')
  return { mrn, type }
}

type OpenInput = {
  patient: PatientRow
  patientName: string
  contactMethod: 'email' | 'phone'
  contact: string
  authorizationType: AuthorizationType
  language: 'en' | 'es'
  renewalOfId: string | null
  /** Asked for by the requester; else the organisation's default applies (providers only). */
  durationDays?: number | undefined
  /** The organisation's default length, read with the other facts before opening. */
  defaultDurationDays: number | null
  /** The birth date typed (YYYY-MM-DD), checked against Medicare's; null when not given. */
  patientBirthDate: string | null
}

/** Inserts the request, records it and sends the first message, all in the caller's transaction. */
async function openRequest(ctx: AppContext, tx: DbOrTx, actor: Actor, input: OpenInput): Promise<RequestRow> {
  const now = ctx.clock()
  const byEmail = input.contactMethod === 'email'
  // Email carries the link at once; SMS first asks the patient to opt in (reply YES).
  const token = byEmail ? issueConsentToken(now) : null
  // Agents' authorizations always last about 10 hours (spec); a provider's the days asked for, else the
  // organisation's default from the admin settings, else 13 months (null).
  const durationDays =
    input.authorizationType === 'healthcare_provider'
      ? (input.durationDays ?? input.defaultDurationDays)
      : null
  const request = await insertRequest(tx, {
    organizationId: input.patient.organizationId,
    requesterUserId: actor.principal.userId,
    patientId: input.patient.id,
    healthPlan: HEALTH_PLAN.slug,
    status: byEmail ? 'pending' : 'consent_pending',
    authorizationType: input.authorizationType,
    patientName: input.patientName,
    contactMethod: input.contactMethod,
    contactEncrypted: encrypt(ctx.keys, input.contact),
    contactHash: contactHash(ctx, input.contact),
    patientBirthDateEncrypted: input.patientBirthDate ? encrypt(ctx.keys, input.patientBirthDate) : null,
    language: input.language,
    smsConsent: byEmail ? null : 'awaiting_reply',
    consentTokenHash: token?.tokenHash ?? null,
    consentTokenExpiresAt: token?.expiresAt ?? null,
    expiresAt: token?.expiresAt ?? new Date(now.getTime() + LINK_VALIDITY_MS),
    renewalOfId: input.renewalOfId,
    createdAt: now,
    updatedAt: now,
  })
  await recordRequestEvent(tx, {
    request,
    event: input.renewalOfId ? 'renewal_created' : 'created',
    to: request.status,
    actor: userActor(actor),
    at: now,
    origin: originOf(actor),
    details: {
      authorization_type: request.authorizationType,
      contact_method: request.contactMethod,
      renewal_of: input.renewalOfId,
      duration_days: durationDays,
    },
  })
  await ctx.events.publish(ctx, tx, 'authorization_request.created', {
    request: requestFacts(ctx, request, input.contact),
    consentLink: token ? consentUrl(ctx.config, token.token) : null,
    durationDays,
  })
  return request
}

/**
 * Locks the patient (two staff cannot both open a request for them), then reads what opening needs in one
 * statement; throws 409 when the patient already has an active request.
 */
async function openingFactsFor(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  patient: PatientRow,
  exceptId?: string,
): Promise<OpeningFacts> {
  await lockPatientRow(tx, patient.id)
  const facts = await findOpeningFacts(tx, {
    patientId: patient.id,
    organizationId: patient.organizationId,
    requesterUserId: actor.principal.userId,
    now: ctx.clock(),
    ...(exceptId ? { exceptId } : {}),
  })
  if (facts.activeRequestId) throw alreadyActive()
  return facts
}

/** A request just opened has no pull and no resend yet, and its requester is the caller: nothing to read. */
function openedView(
  ctx: AppContext,
  actor: Actor,
  row: RequestWithPatient,
  requester: OpeningFacts['requester'],
): AuthorizationRequest {
  const fresh = { ...row, requester, run: null, resendsToday: 0, reviewerName: null }
  return listedView(ctx, fresh, viewerOf(actor.principal))
}

export async function createRequest(
  ctx: AppContext,
  actor: Actor,
  body: CreateInput,
): Promise<AuthorizationRequest> {
  const { mrn, type } = validateCreate(actor.principal, body)
  const contact = normaliseContact(body.contact_method, body.contact_value)
  return ctx.db.transaction(async (tx) => {
    const patient = await findOrCreatePatient(ctx, tx, actor.principal, {
      name: body.metadata.patient_name,
      mrn,
      contactMethod: body.contact_method,
      contact,
    })
    const facts = await openingFactsFor(ctx, tx, actor, patient)
    const request = await openRequest(ctx, tx, actor, {
      patient,
      patientName: body.metadata.patient_name.trim(),
      contactMethod: body.contact_method,
      contact,
      authorizationType: type,
      language: body.language ?? 'en',
      renewalOfId: null,
      durationDays: body.duration_days,
      defaultDurationDays: facts.defaultDurationDays,
      patientBirthDate: body.patient_birth_date?.trim() || null,
    })
    return openedView(ctx, actor, { request, patient }, facts.requester)
  })
}

export type ListQuery = {
  page: number
  pageSize: number
  scope: 'mine' | 'organization'
  status?: AuthorizationStatus | undefined
  requester?: string | undefined
  /** The caller's own hidden requests instead of the others ('Show hidden'); ignored organisation-wide. */
  hidden?: boolean | undefined
  /** One dashboard figure's set, in the figure's scope (everything the caller may see), at this moment. */
  attention?: RequestAttention | undefined
}

/**
 * Everything a list answer depends on, as a cache key (lib/answer-cache.ts): the organisation's data
 * revision (raised on every committed change the list shows), the UTC day (resends_today counts from its
 * start), the caller's whole scope and the query. Two requests with one key get the same answer, including
 * the same refusal: only 200s are cached, so a cached answer was once computed under this very scope.
 */
export function listAnswerKey(principal: Principal, query: ListQuery, now: Date): string {
  return JSON.stringify([
    principal.organizationId,
    principal.organizationRevision,
    startOfUtcDay(now).getTime(),
    principal.userId,
    principal.role,
    principal.allTins,
    principal.tinIds,
    principal.permissions,
    query.page,
    query.pageSize,
    query.scope,
    query.status ?? null,
    query.requester ?? null,
    query.hidden ?? false,
  ])
}

export async function listRequests(
  ctx: AppContext,
  principal: Principal,
  query: ListQuery,
  path: string,
): Promise<Paginated<AuthorizationRequest>> {
  // A figure counts everything in the caller's scope (scopeCondition), so its list does too.
  const organizationWide = query.scope === 'organization' || query.attention !== undefined
  if (
    query.scope === 'organization' &&
    !principal.permissions.includes('authorization_requests.view_organization')
  )
    throw permissionDenied()
  if (query.requester !== undefined && !isValidPatientId(query.requester))
    throw fieldError('requester', 'Invalid requester id.')
  const { total, rows } = await listScopedRequests(ctx.db, {
    principal,
    organizationWide,
    status: query.status,
    requesterId: query.requester,
    hidden: !organizationWide && (query.hidden ?? false),
    attention: query.attention ? { set: query.attention, now: ctx.clock() } : undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
    resends: { event: RESENT_EVENT, since: startOfUtcDay(ctx.clock()) },
  })
  const pageUrl = (page: number): string => {
    const params = new URLSearchParams({ page: String(page), page_size: String(query.pageSize) })
    if (organizationWide) params.set('scope', 'organization')
    if (query.status) params.set('status', query.status)
    if (query.requester) params.set('requester', query.requester)
    if (query.hidden && !organizationWide) params.set('hidden', 'true')
    if (query.attention) params.set('attention', query.attention)
    return `${path}?${params.toString()}`
  }
  return {
    count: total,
    next: query.page * query.pageSize < total ? pageUrl(query.page + 1) : null,
    previous: query.page > 1 ? pageUrl(query.page - 1) : null,
    results: rows.map((row) => listedView(ctx, row, viewerOf(principal))),
  }
}

export async function readRequest(ctx: AppContext, actor: Actor, id: string): Promise<AuthorizationRequest> {
  const row = await loadScoped(ctx, ctx.db, actor.principal, id)
  await writeAuditRow(ctx.db, {
    action: 'authorization_request.read',
    actorUserId: actor.principal.userId,
    organizationId: row.request.organizationId,
    requestId: row.request.id,
    patientId: row.patient.id,
    ipAddress: actor.ip,
    httpRequestId: actor.httpRequestId,
    at: ctx.clock(),
  })
  return requestView(ctx, ctx.db, row, viewerOf(actor.principal))
}

export async function requestStatus(
  ctx: AppContext,
  principal: Principal,
  id: string,
): Promise<AuthorizationStatusResponse> {
  const row = await loadScoped(ctx, ctx.db, principal, id)
  const view = await requestView(ctx, ctx.db, row)
  return { status: view.status, message: view.message, ingestion: view.ingestion }
}

/**
 * Ends a request at once: a pending one is cancelled (its link dies), an authorized one revoked (its
 * grant is revoked at CMS by the subscriber of the revoked event).
 */
async function endRequest(
  ctx: AppContext,
  tx: DbOrTx,
  actor: Actor,
  request: RequestRow,
  event: string,
): Promise<RequestRow> {
  return transitionRequest(ctx, tx, {
    requestId: request.id,
    to: 'revoked',
    event,
    actor: userActor(actor),
    at: ctx.clock(),
    origin: originOf(actor),
    patch: { consentTokenHash: null, consentTokenExpiresAt: null },
  })
}

export async function revokeRequest(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<AuthorizationRequest> {
  return ctx.db.transaction(async (tx) => {
    const { request, patient } = await loadScoped(ctx, tx, actor.principal, id)
    assertCanManage(actor.principal, request)
    const active = request.status === 'authorized' || PENDING_AUTHORIZATION_STATUSES.includes(request.status)
    if (!active) throw new AppError(409, 'conflict', AUTHORIZATION_MESSAGES.revokeNotActive)
    const updated = await endRequest(
      ctx,
      tx,
      actor,
      request,
      request.status === 'authorized' ? 'revoked' : 'cancelled',
    )
    return requestView(ctx, tx, { request: updated, patient }, viewerOf(actor.principal))
  })
}

export async function resendRequest(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<AuthorizationRequest> {
  return ctx.db.transaction(async (tx) => {
    const { request, patient } = await loadScoped(ctx, tx, actor.principal, id)
    assertCanManage(actor.principal, request)
    const now = ctx.clock()
    if (!PENDING_AUTHORIZATION_STATUSES.includes(request.status) || !isLive(request, now)) {
      throw new AppError(409, 'conflict', AUTHORIZATION_MESSAGES.resendNotPending)
    }
    const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    const sentToday =
      (await countEventsSince(tx, [request.id], RESENT_EVENT, startOfDay)).get(request.id) ?? 0
    if (sentToday >= AUTHORIZATION.resendsPerDay)
      throw new AppError(429, 'rate_limited', AUTHORIZATION_MESSAGES.resendLimit)
    // A new link each time, so older links stop working; the request lives 7 days from now.
    const token = request.status === 'pending' ? issueConsentToken(now) : null
    const updated = await updateRequest(tx, request.id, {
      ...(token ? { consentTokenHash: token.tokenHash, consentTokenExpiresAt: token.expiresAt } : {}),
      expiresAt: token?.expiresAt ?? new Date(now.getTime() + LINK_VALIDITY_MS),
      updatedAt: now,
    })
    await recordRequestEvent(tx, {
      request: updated,
      event: RESENT_EVENT,
      actor: userActor(actor),
      at: now,
      origin: originOf(actor),
    })
    await ctx.events.publish(ctx, tx, 'authorization_request.reminded', {
      request: requestFacts(ctx, updated),
      consentLink: token ? consentUrl(ctx.config, token.token) : null,
      scheduled: false,
      replacesEarlier: token !== null,
      at: now,
    })
    return requestView(ctx, tx, { request: updated, patient }, viewerOf(actor.principal))
  })
}

/** The last pull of an approved authorization failed: queue another (the worker checks the grant again). */
export async function retryPull(ctx: AppContext, actor: Actor, id: string): Promise<AuthorizationRequest> {
  return ctx.db.transaction(async (tx) => {
    const { request, patient } = await loadScoped(ctx, tx, actor.principal, id)
    assertCanManage(actor.principal, request)
    const now = ctx.clock()
    const newest = (await newestRuns(tx, [request.id])).get(request.id)
    if (request.status !== 'authorized' || !isLive(request, now) || newest?.status !== 'failed')
      throw new AppError(409, 'conflict', AUTHORIZATION_MESSAGES.retryPullNotFailed)
    await recordRequestEvent(tx, {
      request,
      event: 'pull_retried',
      actor: userActor(actor),
      at: now,
      origin: originOf(actor),
    })
    await ctx.events.publish(ctx, tx, 'authorization_request.pull_retry_requested', {
      request: requestFacts(ctx, request),
      at: now,
    })
    return requestView(ctx, tx, { request, patient }, viewerOf(actor.principal))
  })
}

export async function renewRequest(ctx: AppContext, actor: Actor, id: string): Promise<AuthorizationRequest> {
  if (!isProviderRole(actor.principal.role)) throw permissionDenied()
  return ctx.db.transaction(async (tx) => {
    const { request, patient } = await loadScoped(ctx, tx, actor.principal, id)
    assertCanManage(actor.principal, request)
    const now = ctx.clock()
    const windowEnd = now.getTime() + AUTHORIZATION.renewalWindowDays * DAY_MS
    const renewable =
      request.authorizedAt !== null &&
      (request.status === 'authorized' || request.status === 'expired') &&
      request.expiresAt !== null &&
      request.expiresAt.getTime() < windowEnd
    if (!renewable)
      throw new AppError(
        409,
        'conflict',
        `Renewal is offered when fewer than ${AUTHORIZATION.renewalWindowDays} days remain.`,
      )
    const facts = await openingFactsFor(ctx, tx, actor, patient, request.id)
    const renewal = await openRequest(ctx, tx, actor, {
      patient,
      patientName: request.patientName,
      contactMethod: request.contactMethod,
      contact: decrypt(ctx.keys, request.contactEncrypted),
      authorizationType: request.authorizationType,
      language: request.language,
      renewalOfId: request.id,
      defaultDurationDays: facts.defaultDurationDays,
      patientBirthDate: request.patientBirthDateEncrypted
        ? decrypt(ctx.keys, request.patientBirthDateEncrypted)
        : null,
    })
    return openedView(ctx, actor, { request: renewal, patient }, facts.requester)
  })
}

const REJECTED_MESSAGE =
  'Identity rejected: the Medicare record belonged to someone else. Its data was deleted and the access revoked.'

/**
 * An administrator's decision on a held pull, with a reason: confirm releases the quarantined data (scored
 * then), reject deletes it, revokes the request (which ends its grant) and tells the requester. Both are
 * audited with the two identities by reference (the request, its patient, the grant the beneficiary gave).
 */
export async function decideIdentityReview(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: { decision: 'confirm' | 'reject'; reason: string },
): Promise<AuthorizationRequest> {
  if (!isAdminRole(actor.principal.role)) throw permissionDenied()
  const { decision } = input
  const reason = input.reason.trim()
  if (!reason) throw fieldError('reason', 'Give a reason for this decision.')
  return ctx.db.transaction(async (tx) => {
    const { request, patient } = await loadScoped(ctx, tx, actor.principal, id)
    if (request.identityReview !== 'pending')
      throw new AppError(409, 'conflict', 'This request has no identity review waiting.')
    const now = ctx.clock()
    let updated = await updateRequest(tx, request.id, {
      identityReview: decision === 'confirm' ? 'confirmed' : 'rejected',
      identityReviewedByUserId: actor.principal.userId,
      identityReviewedAt: now,
      identityReviewReasonEncrypted: encrypt(ctx.keys, reason),
      ...(decision === 'reject' ? { statusMessage: REJECTED_MESSAGE } : {}),
      updatedAt: now,
    })
    await recordRequestEvent(tx, {
      request: updated,
      event: decision === 'confirm' ? 'identity_confirmed' : 'identity_rejected',
      actor: userActor(actor),
      at: now,
      origin: originOf(actor),
      // Both identities by reference (the audit row carries these): the patient asked for and the grant the
      // Medicare beneficiary gave; the names and birth dates stay encrypted on the request.
      details: { requested_patient_id: patient.id, medicare_grant_id: request.grantId },
    })
    if (decision === 'confirm') {
      const evidence = readIdentityEvidence(ctx, request)
      await ctx.events.publish(ctx, tx, 'authorization_request.identity_confirmed', {
        request: requestFacts(ctx, updated),
        at: now,
        medicare: {
          birthDate: evidence?.medicare_birth_date ?? null,
          gender: evidence?.medicare_gender ?? null,
        },
      })
    } else {
      await ctx.events.publish(ctx, tx, 'authorization_request.identity_rejected', {
        request: requestFacts(ctx, updated),
        at: now,
      })
      if (updated.status === 'authorized' || PENDING_AUTHORIZATION_STATUSES.includes(updated.status))
        updated = await endRequest(ctx, tx, actor, updated, 'revoked')
    }
    return requestView(ctx, tx, { request: updated, patient }, viewerOf(actor.principal))
  })
}

export async function hideRequest(ctx: AppContext, actor: Actor, id: string): Promise<AuthorizationRequest> {
  const row = await loadScoped(ctx, ctx.db, actor.principal, id)
  if (row.request.requesterUserId !== actor.principal.userId) throw permissionDenied()
  const updated = await updateRequest(ctx.db, row.request.id, {
    hiddenByRequester: true,
    updatedAt: ctx.clock(),
  })
  return requestView(ctx, ctx.db, { request: updated, patient: row.patient }, viewerOf(actor.principal))
}

/**
 * The Undo of 'Clear My Requests' and 'Show again': the caller's own hidden requests among `ids` come back
 * to their list. Hiding never changed access, so showing again changes nothing else either.
 */
export async function unhideRequests(
  ctx: AppContext,
  actor: Actor,
  ids: readonly string[],
): Promise<UnhideRequestsResponse> {
  const unhidden = await unhideOwnRequests(ctx.db, actor.principal, ids, ctx.clock())
  return { unhidden }
}

/** The form's MRN blur check. A match is audited: it reveals a patient. */
export async function lookupMrn(ctx: AppContext, actor: Actor, mrn: string): Promise<MrnLookupResponse> {
  const { principal } = actor
  const none: MrnLookupResponse = {
    already_authorized: false,
    patient_id: null,
    request_id: null,
    status: null,
  }
  const trimmed = mrn.trim()
  if (!trimmed || !principal.organizationId) return none
  const patient = await findPatientByMrn(ctx, ctx.db, principal.organizationId, trimmed)
  if (!patient || !patientInScope(principal, patient)) return none
  await writeAuditRow(ctx.db, {
    action: 'patient.mrn_lookup',
    targetType: 'patient',
    actorUserId: principal.userId,
    organizationId: principal.organizationId,
    requestId: patient.id,
    patientId: patient.id,
    ipAddress: actor.ip,
    httpRequestId: actor.httpRequestId,
    at: ctx.clock(),
  })
  const active = await findActiveRequestForPatient(ctx.db, patient.id, ctx.clock())
  if (!active) return { ...none, patient_id: patient.id }
  const visible = await findScopedRequest(ctx.db, principal, active.id)
  return {
    already_authorized: true,
    patient_id: patient.id,
    request_id: visible ? active.id : null,
    status: active.status,
  }
}
