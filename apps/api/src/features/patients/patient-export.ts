// Exports of one patient's data: CSV of medications and claims, or a FHIR R4 Bundle of the
// resources exactly as pulled from Blue Button. Same gate as the views: nothing without an active authorization.
import { cleanDrugName } from '@blueconsent/bluebutton'
import type { AppContext } from '../../context.ts'
import { csvLine } from '../../lib/csv.ts'
import { accessReason, writeAudit, type AuditSource } from '../audit/index.ts'
import { originalResources } from './patients.repository.ts'
import { loadPatient, servedData } from './patients.service.ts'

export type ExportFile = { filename: string; contentType: string; body: string }

export const EXPORT_COLUMNS = [
  'record_type',
  'id',
  'date',
  'end_date',
  'description',
  'codes',
  'provider',
  'provider_npi',
  'days_supply',
  'quantity',
  'total_cents',
  'paid_cents',
  'patient_pays_cents',
] as const

/** An export's file body, how many records it holds, and the authorization it relied on (null: none). */
type Exported = { body: string; rows: number; authorizationId: string | null }

async function csvExport(ctx: AppContext, source: AuditSource, patientId: string): Promise<Exported> {
  const patient = await loadPatient(ctx, source, patientId)
  const data = await servedData(ctx, source, patient)
  const lines = [csvLine(EXPORT_COLUMNS)]
  for (const m of data.medications) {
    lines.push(
      csvLine([
        'medication',
        m.resourceId,
        m.fillDate,
        m.endDate,
        cleanDrugName(m.drugName),
        m.ndc,
        m.prescriberName,
        m.prescriberNpi,
        m.daysSupply,
        m.quantity,
        m.totalCostCents,
        m.planPaidCents,
        m.patientPayCents,
      ]),
    )
  }
  for (const { claim, diagnoses } of data.claims) {
    const codes = diagnoses.map((d) => d.code).join(' ')
    lines.push(
      csvLine([
        'claim',
        claim.resourceId,
        claim.billableStart,
        claim.billableEnd,
        claim.claimType,
        codes,
        claim.providerName,
        claim.providerNpi,
        null,
        null,
        claim.submittedCents,
        claim.medicarePaidCents,
        claim.patientPaysCents,
      ]),
    )
  }
  return {
    body: `${lines.join('\r\n')}\r\n`,
    rows: lines.length - 1,
    authorizationId: patient.authorizationId,
  }
}

async function fhirExport(ctx: AppContext, source: AuditSource, patientId: string): Promise<Exported> {
  const { row, authorizationId } = await loadPatient(ctx, source, patientId)
  const resources = authorizationId !== null ? await originalResources(ctx.db, row.id) : []
  const bundle = {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: ctx.clock().toISOString(),
    total: resources.length,
    entry: resources.map((resource) => ({ resource })),
  }
  return { body: JSON.stringify(bundle), rows: resources.length, authorizationId }
}

export async function exportPatient(
  ctx: AppContext,
  source: AuditSource,
  patientId: string,
  format: 'csv' | 'fhir',
): Promise<ExportFile> {
  const { body, rows, authorizationId } =
    format === 'csv' ? await csvExport(ctx, source, patientId) : await fhirExport(ctx, source, patientId)
  await writeAudit(ctx.db, source, {
    action: 'patient.export',
    patientId,
    details: { format, rows },
    reason: accessReason(authorizationId),
    at: ctx.clock(),
  })
  return format === 'csv'
    ? { filename: `patient-${patientId}.csv`, contentType: 'text/csv; charset=utf-8', body }
    : {
        filename: `patient-${patientId}.fhir.json`,
        contentType: 'application/fhir+json; charset=utf-8',
        body,
      }
}
