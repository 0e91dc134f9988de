// Rows → the contract's request shape (authorizationRequestSchema), loading what a page of rows needs in
// a fixed number of queries.
import {
  type AuthorizationRequest,
  type IdentityReview,
  type Ingestion,
} from '@blueconsent/contract/authorization-requests'
import { HEALTH_PLAN, formatPhone } from '@blueconsent/contract/shared'
import type { AppContext } from '../../platform/context.ts'
import { readAll, type DbOrTx } from '../../platform/db/client.ts'
import { decrypt } from '../../platform/lib/crypto.ts'
import {
  countEventsSince,
  findRequesters,
  newestRuns,
  type ListedPatient,
  type ListedRequest,
  type ListedRow,
  type ListedRun,
  type PatientRow,
  type RequestRow,
  type RequesterRow,
} from './authorization-requests.repository.ts'

export const RESENT_EVENT = 'resent'

export const startOfUtcDay = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))

export function ingestionView(
  run: ListedRun | null | undefined,
  patient: Pick<PatientRow, 'lastSyncedAt'>,
): Ingestion {
  if (!run)
    return { status: 'not_started', pages_fetched: 0, pages_total: null, last_synced_at: null, error: null }
  return {
    status: run.status,
    pages_fetched: run.pagesFetched,
    pages_total: run.pagesTotal,
    last_synced_at: patient.lastSyncedAt?.toISOString() ?? null,
    error: run.error,
  }
}

export type RequestWithPatient = { request: RequestRow; patient: PatientRow }

/**
 * When an ended request ended: a denial when the patient answered, an expiry at its end, a revocation at
 * its last change (nothing but hiding it changes a revoked request afterwards). Null while it is live.
 */
export function endedAt(
  request: Pick<RequestRow, 'status' | 'consentAnsweredAt' | 'updatedAt' | 'expiresAt'>,
): Date | null {
  switch (request.status) {
    case 'denied':
      return request.consentAnsweredAt ?? request.updatedAt
    case 'expired':
      return request.expiresAt ?? request.updatedAt
    case 'revoked':
      return request.updatedAt
    case 'pending':
    case 'consent_pending':
    case 'authorized':
      return null
  }
}

/** What Medicare returned when a pull's identity did not match: the reviewer's evidence (encrypted at rest). */
export type IdentityEvidence = {
  medicare_name: string | null
  medicare_birth_date: string | null
  medicare_id_last4: string | null
  /** Not shown: what the risk score needs when a reviewer confirms (the held pull copied nothing). */
  medicare_gender?: string | null
  differences: IdentityReview['differences']
}

export function readIdentityEvidence(
  ctx: Pick<AppContext, 'keys'>,
  request: Pick<ListedRequest, 'identityEvidenceEncrypted'>,
): IdentityEvidence | null {
  const sealed = request.identityEvidenceEncrypted
  return sealed ? (JSON.parse(decrypt(ctx.keys, sealed)) as IdentityEvidence) : null
}

/** Who sees a request: only the roles that review identities see what Medicare returned. */
export type Viewer = { reviewsIdentity: boolean }
export const REQUESTER_VIEW: Viewer = { reviewsIdentity: false }

const decryptOrNull = (ctx: Pick<AppContext, 'keys'>, sealed: string | null): string | null =>
  sealed ? decrypt(ctx.keys, sealed) : null

export function identityReviewView(
  ctx: Pick<AppContext, 'keys'>,
  row: Pick<ListedRow, 'request' | 'reviewerName'>,
  viewer: Viewer,
): IdentityReview {
  const { request } = row
  const evidence = viewer.reviewsIdentity ? readIdentityEvidence(ctx, request) : null
  return {
    status: request.identityReview,
    requested_name: request.patientName,
    requested_birth_date: decryptOrNull(ctx, request.patientBirthDateEncrypted),
    medicare_name: evidence?.medicare_name ?? null,
    medicare_birth_date: evidence?.medicare_birth_date ?? null,
    medicare_id_last4: evidence?.medicare_id_last4 ?? null,
    differences: evidence?.differences ?? [],
    consented_at: request.authorizedAt?.toISOString() ?? null,
    reviewed_by: request.identityReviewedByUserId
      ? { id: request.identityReviewedByUserId, name: row.reviewerName ?? '' }
      : null,
    reviewed_at: request.identityReviewedAt?.toISOString() ?? null,
    reason: viewer.reviewsIdentity ? decryptOrNull(ctx, request.identityReviewReasonEncrypted) : null,
  }
}

/** One row of the contract's shape; the list (one statement) and single reads (requestViews) both use it. */
export function listedView(
  ctx: Pick<AppContext, 'keys'>,
  row: ListedRow,
  viewer: Viewer = REQUESTER_VIEW,
): AuthorizationRequest {
  const { request, patient, requester } = row
  const contact = decrypt(ctx.keys, request.contactEncrypted)
  return {
    request_id: request.id,
    status: request.status,
    health_plan: { slug: HEALTH_PLAN.slug, name: HEALTH_PLAN.name },
    patient_id: patient.id,
    patient_mrn: patient.mrnEncrypted ? decrypt(ctx.keys, patient.mrnEncrypted) : null,
    patient_email: request.contactMethod === 'email' ? contact : null,
    patient_phone: request.contactMethod === 'phone' ? formatPhone(contact) : null,
    patient_name: request.patientName,
    metadata: { patient_name: request.patientName },
    authorization_type: request.authorizationType,
    contact_method: request.contactMethod,
    created_at: request.createdAt.toISOString(),
    expires_at: request.expiresAt?.toISOString() ?? null,
    medicare_access_ends_at: request.medicareAccessEndsAt?.toISOString() ?? null,
    authorized_at: request.authorizedAt?.toISOString() ?? null,
    ended_at: endedAt(request)?.toISOString() ?? null,
    message: request.statusMessage,
    requester: {
      id: request.requesterUserId,
      name: requester ? `${requester.firstName} ${requester.lastName}`.trim() : '',
      role: requester?.role ?? 'USER',
    },
    renewal_of: request.renewalOfId,
    identity_review: identityReviewView(ctx, row, viewer),
    ingestion: ingestionView(row.run, patient),
    resends_today: row.resendsToday,
  }
}

export async function requestViews(
  ctx: AppContext,
  db: DbOrTx,
  rows: { request: ListedRequest; patient: ListedPatient }[],
  viewer: Viewer = REQUESTER_VIEW,
): Promise<AuthorizationRequest[]> {
  const ids = rows.map((row) => row.request.id)
  const people = rows.flatMap((row) => [
    row.request.requesterUserId,
    row.request.identityReviewedByUserId ?? [],
  ])
  const [requesters, runs, resends] = await readAll(db, [
    () => findRequesters(db, [...new Set(people.flat())]),
    () => newestRuns(db, ids),
    () => countEventsSince(db, ids, RESENT_EVENT, startOfUtcDay(ctx.clock())),
  ])
  return rows.map(({ request, patient }) => {
    const requester: RequesterRow | undefined = requesters.get(request.requesterUserId)
    const reviewer = request.identityReviewedByUserId
      ? requesters.get(request.identityReviewedByUserId)
      : undefined
    return listedView(
      ctx,
      {
        request,
        patient,
        requester: requester ?? null,
        run: runs.get(request.id) ?? null,
        resendsToday: resends.get(request.id) ?? 0,
        reviewerName: reviewer ? `${reviewer.firstName} ${reviewer.lastName}`.trim() : null,
      },
      viewer,
    )
  })
}

export async function requestView(
  ctx: AppContext,
  db: DbOrTx,
  row: RequestWithPatient,
  viewer: Viewer = REQUESTER_VIEW,
): Promise<AuthorizationRequest> {
  const [view] = await requestViews(ctx, db, [row], viewer)
  if (!view) throw new Error('request view missing')
  return view
}
