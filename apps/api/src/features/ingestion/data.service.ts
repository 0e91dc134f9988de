// GET /api/healthplans/requests/{id}/data/: what the requester may see of the pulled data. Only while the
// request is authorized and unexpired, never while an identity review is pending; agents get medications.
import { type RequestData } from '@blueconsent/contract/patients'
import { isAgentRole } from '@blueconsent/contract/shared'
import { type Principal } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import { writeAuditRow } from '../../platform/audit/index.ts'
import { findScopedRequest } from '../authorization-requests/index.ts'
import { readClinicalData } from '../patients/index.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const invalidRequestId = (): AppError =>
  new AppError(400, 'validation_error', 'Invalid request ID format')
export const notAuthorized = (): AppError =>
  new AppError(409, 'not_authorized', 'This authorization is not active, so its data is not available.')
export const heldForReview = (): AppError =>
  new AppError(
    409,
    'held_for_review',
    'The Medicare record does not match this patient. An administrator must confirm it first.',
  )

type Access = { principal: Principal; ip: string; httpRequestId: string }

async function loadVisibleRequest(ctx: AppContext, id: string, principal: Principal) {
  if (!UUID.test(id)) throw invalidRequestId()
  // Whoever may open the request may read its data: the same scope as the request list and detail.
  const row = await findScopedRequest(ctx.db, principal, id)
  if (!row) throw notFound()
  return row
}

export async function readRequestData(ctx: AppContext, id: string, access: Access): Promise<RequestData> {
  const { request, patient } = await loadVisibleRequest(ctx, id, access.principal)
  const now = ctx.clock()
  if (request.status !== 'authorized' || !request.expiresAt || request.expiresAt.getTime() <= now.getTime())
    throw notAuthorized()
  if (request.identityReview === 'pending' || request.identityReview === 'rejected') throw heldForReview()
  const agent = request.authorizationType === 'insurance_agent' || isAgentRole(access.principal.role)
  // Pages are stored as they arrive, so a pull that broke half-way leaves part of a record: until one pull
  // has completed (data_as_of), nothing is served rather than a record that looks whole and is not.
  const data = patient.dataAsOf
    ? await readClinicalData(ctx, patient.id, { withClaimsAndRisk: !agent })
    : { medications: [], claims: [], riskScore: null }
  await writeAuditRow(ctx.db, {
    action: 'patient_data.read',
    actorUserId: access.principal.userId,
    organizationId: request.organizationId,
    requestId: request.id,
    patientId: patient.id,
    ipAddress: access.ip,
    httpRequestId: access.httpRequestId,
    details: {
      medications: data.medications.length,
      claims: data.claims.length,
      risk_score: data.riskScore !== null,
    },
    at: now,
  })
  return {
    patient_identifier: request.patientName,
    patient_id: patient.id,
    data_as_of: patient.dataAsOf?.toISOString() ?? null,
    data: { medications: data.medications, claims: data.claims },
    risk_score: data.riskScore,
  }
}
