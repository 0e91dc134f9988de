// The patient's own access page: who asked, when they agreed, when the organisation last read the data,
// when access ends, and 'Stop sharing', which ends it now: the request is revoked (its revoked event revokes
// the grant at CMS and tells the requester). The link is signed and names the request; an unknown, tampered
// or expired link answers 404 like any missing page. Every view and every stop is audited, without PHI.
import type { PatientAccessPage } from '@blueconsent/contract/consent'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { lastPatientDataRead, writeAuditRow } from '../../platform/audit/index.ts'
import {
  PATIENT_STOPPED_SHARING,
  readPatientAccessToken,
  transitionRequest,
  type RequestOrigin,
} from '../authorization-requests/index.ts'
import { findRequestForAccessPage, type AccessRequestRow } from './consent.repository.ts'

const notFound = (): AppError => new AppError(404, 'not_found', 'Not found.')

async function resolve(ctx: AppContext, db: DbOrTx, token: string): Promise<AccessRequestRow> {
  const requestId = readPatientAccessToken(ctx.keys.signing, token, ctx.clock())
  const found = requestId ? await findRequestForAccessPage(db, requestId) : undefined
  // Only a request the patient agreed to has an access page.
  if (!found?.request.authorizedAt) throw notFound()
  return found
}

async function toPage(ctx: AppContext, db: DbOrTx, found: AccessRequestRow): Promise<PatientAccessPage> {
  const { request, organizationName } = found
  const now = ctx.clock()
  const agent = request.authorizationType === 'insurance_agent'
  const expired =
    request.status === 'expired' ||
    (request.status === 'authorized' && request.expiresAt !== null && request.expiresAt <= now)
  const active = request.status === 'authorized' && !expired
  const since = request.authorizedAt ?? request.createdAt
  const lastRead = await lastPatientDataRead(db, {
    organizationId: request.organizationId,
    patientId: request.patientId,
    since,
  })
  return {
    state: active ? 'active' : 'ended',
    language: request.language,
    organization_name: organizationName,
    authorization_type: request.authorizationType,
    data_types: agent ? ['medications'] : ['medications', 'claims', 'risk_score'],
    consented_at: (request.consentAnsweredAt ?? request.authorizedAt)?.toISOString() ?? null,
    last_read_at: lastRead?.toISOString() ?? null,
    last_read_by: lastRead ? organizationName : null,
    access_ends_at: request.expiresAt?.toISOString() ?? null,
    ended_at: active ? null : ((expired ? request.expiresAt : request.updatedAt)?.toISOString() ?? null),
    ended_how: active ? null : expired ? 'expired' : 'stopped',
  }
}

async function audit(
  db: DbOrTx,
  found: AccessRequestRow,
  action: string,
  origin: RequestOrigin,
  at: Date,
): Promise<void> {
  await writeAuditRow(db, {
    action,
    actorUserId: null,
    organizationId: found.request.organizationId,
    requestId: found.request.id,
    patientId: found.request.patientId,
    details: { actor: 'patient' },
    ipAddress: origin.ipAddress,
    httpRequestId: origin.httpRequestId,
    at,
  })
}

export async function describePatientAccess(
  ctx: AppContext,
  token: string,
  origin: RequestOrigin,
): Promise<PatientAccessPage> {
  const found = await resolve(ctx, ctx.db, token)
  await audit(ctx.db, found, 'patient_access_page.viewed', origin, ctx.clock())
  return toPage(ctx, ctx.db, found)
}

/**
 * Ends access now. Idempotent: a second click, or a request that already ended, answers the same ended
 * page and changes nothing.
 */
export async function stopSharing(
  ctx: AppContext,
  token: string,
  origin: RequestOrigin,
): Promise<PatientAccessPage> {
  return ctx.db.transaction(async (tx) => {
    const found = await resolve(ctx, tx, token)
    const now = ctx.clock()
    const live =
      found.request.status === 'authorized' && (!found.request.expiresAt || found.request.expiresAt > now)
    if (!live) return toPage(ctx, tx, found)
    const request = await transitionRequest(ctx, tx, {
      requestId: found.request.id,
      to: 'revoked',
      event: PATIENT_STOPPED_SHARING,
      actor: { kind: 'patient' },
      at: now,
      origin,
    })
    return toPage(ctx, tx, { ...found, request })
  })
}
