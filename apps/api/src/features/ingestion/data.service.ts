// GET /api/healthplans/requests/{id}/data/: what the requester may see of the pulled data. Only while the
// request is authorized and unexpired, never while an identity review is pending; agents get medications.
import {
  ADMIN_ROLES,
  isAgentRole,
  type Claim,
  type Medication,
  type RequestData,
  type Role,
} from '@blueconsent/contract'
import type { ClaimRecord } from '@blueconsent/bluebutton'
import { desc, eq } from 'drizzle-orm'
import type { AppContext } from '../../context.ts'
import { authorizationRequests } from '../../db/schema/authorization-requests.ts'
import { riskScores, type medications } from '../../db/schema/clinical.ts'
import { patients } from '../../db/schema/patients.ts'
import { AppError, notFound } from '../../errors.ts'
import type { Principal } from '../../plugins/access.ts'
import { writeRequestAudit } from '../authorization-requests/request-audit.ts'
import { listClaims, listMedications, type ClaimWithChildren } from './ingestion.repository.ts'
import { toRiskScoreContract, type StoredRiskScore } from './risk.ts'

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
  const [row] = await ctx.db
    .select({ request: authorizationRequests, patient: patients })
    .from(authorizationRequests)
    .innerJoin(patients, eq(patients.id, authorizationRequests.patientId))
    .where(eq(authorizationRequests.id, id))
  if (!row || row.request.organizationId !== principal.organizationId) throw notFound()
  const own = row.request.requesterUserId === principal.userId
  const admin = (ADMIN_ROLES as readonly Role[]).includes(principal.role) && !isAgentRole(principal.role)
  if (!own && !admin) throw notFound()
  const tinVisible =
    principal.allTins || row.patient.tinId === null || principal.tinIds.includes(row.patient.tinId)
  if (!tinVisible) throw notFound()
  return row
}

export async function readRequestData(ctx: AppContext, id: string, access: Access): Promise<RequestData> {
  const { request, patient } = await loadVisibleRequest(ctx, id, access.principal)
  const now = ctx.clock()
  if (request.status !== 'authorized' || !request.expiresAt || request.expiresAt.getTime() <= now.getTime())
    throw notAuthorized()
  if (request.identityReview === 'pending' || request.identityReview === 'rejected') throw heldForReview()
  const agent = request.authorizationType === 'insurance_agent' || isAgentRole(access.principal.role)
  const medicationRows = await listMedications(ctx.db, patient.id)
  const claimRows = agent ? [] : await listClaims(ctx.db, patient.id)
  const risk = agent ? null : await latestRiskScore(ctx, patient.id)
  await writeRequestAudit(ctx.db, {
    action: 'patient_data.read',
    actorUserId: access.principal.userId,
    organizationId: request.organizationId,
    requestId: request.id,
    patientId: patient.id,
    ipAddress: access.ip,
    httpRequestId: access.httpRequestId,
    details: { medications: medicationRows.length, claims: claimRows.length, risk_score: risk !== null },
    at: now,
  })
  return {
    patient_identifier: request.patientName,
    patient_id: patient.id,
    data_as_of: patient.dataAsOf?.toISOString() ?? null,
    data: { medications: medicationRows.map(toMedication), claims: claimRows.map(toClaim) },
    risk_score: risk,
  }
}

async function latestRiskScore(ctx: AppContext, patientId: string) {
  const [row] = await ctx.db
    .select()
    .from(riskScores)
    .where(eq(riskScores.patientId, patientId))
    .orderBy(desc(riskScores.calculatedAt))
    .limit(1)
  return row ? toRiskScoreContract(row as unknown as StoredRiskScore & { calculatedAt: Date }) : null
}

export function toMedication(row: typeof medications.$inferSelect): Medication {
  return {
    id: row.resourceId,
    ndc: row.ndc,
    name: row.drugName,
    drug_name: row.drugName,
    // Part D events carry no dosage or strength; the NDC identifies the product.
    dosage: null,
    strength: null,
    start_date: row.fillDate,
    end_date: row.endDate,
    days_supply: row.daysSupply,
    quantity: row.quantity,
    refill_number: row.refillNumber,
    prescribing_provider: row.prescriberName ?? row.prescriberNpi,
    prescriber_npi: row.prescriberNpi,
    pharmacy: row.pharmacyName,
    brand_generic: row.brandGeneric,
    total_cost_cents: row.totalCostCents,
    patient_pay_cents: row.patientPayCents,
    plan_paid_cents: row.planPaidCents,
  }
}

export function toClaim({ claim, diagnoses, lines }: ClaimWithChildren): Claim {
  const record = claim.record as unknown as ClaimRecord
  const firstService = lines.find((line) => line.hcpcs)?.hcpcs ?? null
  return {
    id: claim.resourceId,
    claim_id: record.claimId ?? claim.resourceId,
    claim_type: record.claimType,
    service: firstService,
    procedure: firstService,
    service_date: claim.billableStart,
    date: claim.billableStart,
    end_date: claim.billableEnd,
    provider: claim.providerName ?? claim.providerNpi,
    provider_npi: claim.providerNpi,
    type_of_bill: claim.typeOfBill,
    diagnoses: diagnoses.map((d) => ({
      sequence: d.sequence,
      code: d.code,
      system: d.system,
      roles: d.roles,
    })),
    lines: lines.map((l) => ({
      sequence: l.sequence,
      hcpcs: l.hcpcs,
      modifiers: l.modifiers,
      service_start: l.serviceStart,
      service_end: l.serviceEnd,
      quantity: l.quantity,
      place_of_service: l.placeOfService,
      provider_npi: l.providerNpi,
      submitted_cents: l.submittedCents,
      allowed_cents: l.allowedCents,
      medicare_paid_cents: l.medicarePaidCents,
    })),
    submitted_cents: claim.submittedCents,
    allowed_cents: claim.allowedCents,
    medicare_paid_cents: claim.medicarePaidCents,
    patient_pays_cents: claim.patientPaysCents,
  }
}
