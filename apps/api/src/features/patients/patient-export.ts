// Exports of one patient's data: CSV of medications, claims and both risk scores (the Part C score, CMS-HCC or
// ESRD, and the Part D RxHCC score, each category with the diagnoses, claims and fills behind it), or a FHIR
// R4 Bundle of the resources exactly as pulled from Blue Button. Same gate as the views: nothing without an
// active authorization.
import { cleanDrugName } from '@blueconsent/bluebutton'
import { claimTypeLabel, patientExportFilename } from '@blueconsent/contract/patients'
import type { RiskScore } from '@blueconsent/contract/patients'
import type { PartDScore } from '@blueconsent/contract/risk-gaps'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { csvLine } from '../../platform/lib/csv.ts'
import { accessReason, writeAudit } from '../../platform/audit/index.ts'
import { latestRiskScore, storedPartDScore } from './clinical.repository.ts'
import { riskScoreView } from './clinical-views.ts'
import { originalResources } from './patients.repository.ts'
import { loadPatient, servedData } from './patients.service.ts'

export type ExportFile = { filename: string; contentType: string; body: string }

// Headers a person reads in a spreadsheet; amounts in dollars with cents, as numbers a spreadsheet can sum.
export const EXPORT_COLUMNS = [
  'Record type',
  'ID',
  'Date',
  'End date',
  'Description',
  'Codes',
  'Provider',
  'Provider NPI',
  'Days supply',
  'Quantity',
  'Total ($)',
  'Paid ($)',
  'Patient pays ($)',
  'Score',
  'Evidence',
] as const

/** Integer cents as dollars ('1234' → '12.34'); empty when unknown. */
export const dollars = (cents: number | null): string | null =>
  cents == null ? null : (cents / 100).toFixed(2)

type ExportRow = (string | number | null | undefined)[]

const COST_BLANKS = [null, null, null, null, null] as const

/**
 * The Part C score (`Risk score`, then one `HCC` row per payment HCC with its diagnoses and claims) and the
 * Part D score (`Part D score`, then one `RxHCC` row per RxHCC with its diagnoses, claims and the fills of
 * drugs that support it). Claim ids are the ones the claim rows of the same file carry.
 */
export function scoreRows(
  risk: RiskScore | null,
  partD: PartDScore | null,
  claimIds: ReadonlyMap<string, string>,
): ExportRow[] {
  const claimId = (id: string) => claimIds.get(id) ?? id
  const rows: ExportRow[] = []
  if (risk) {
    rows.push([
      'Risk score',
      risk.model,
      risk.calculation_date.slice(0, 10),
      null,
      `${risk.segment_label}; payment year ${risk.payment_year}`,
      risk.hccs.map((h) => h.hcc).join(' '),
      null,
      null,
      ...COST_BLANKS,
      risk.payment_score.toFixed(3),
      [
        `raw ${risk.raw_score.toFixed(3)}`,
        risk.normalized_score === null ? null : `normalised ${risk.normalized_score.toFixed(3)}`,
        risk.model_choice?.reason ?? null,
      ]
        .filter(Boolean)
        .join('; '),
    ])
    for (const hcc of risk.hccs)
      rows.push([
        'HCC',
        hcc.hcc,
        null,
        null,
        hcc.label,
        hcc.diagnoses.map((d) => d.code).join(' '),
        null,
        null,
        ...COST_BLANKS,
        hcc.coefficient.toFixed(3),
        hcc.diagnoses
          .flatMap((d) =>
            d.sources.map((s) => `claim ${claimId(s.claim_id)} ${s.through ?? 'undated'} ${d.code}`),
          )
          .join('; '),
      ])
  }
  if (partD) {
    const normalized = partD.normalized.map((n) => `${n.plan} ${n.score.toFixed(3)}`)
    rows.push([
      'Part D score',
      partD.model,
      null,
      null,
      `${partD.segment_label}; payment year ${partD.payment_year}`,
      partD.rx_hccs.map((rx) => rx.rx_hcc).join(' '),
      null,
      null,
      ...COST_BLANKS,
      partD.normalized[0]?.score.toFixed(3) ?? null,
      [`raw ${partD.raw_score.toFixed(3)}`, ...normalized].join('; '),
    ])
    for (const rx of partD.rx_hccs)
      rows.push([
        'RxHCC',
        rx.rx_hcc,
        null,
        null,
        rx.label,
        rx.diagnoses.map((d) => d.code).join(' '),
        null,
        null,
        ...COST_BLANKS,
        rx.coefficient.toFixed(3),
        [
          ...rx.diagnoses.flatMap((d) =>
            d.claims.map((c) => `claim ${claimId(c.claim_id)} ${c.date ?? 'undated'} ${d.code}`),
          ),
          ...rx.fills.map((f) =>
            `fill ${f.fill_date ?? 'undated'} ${cleanDrugName(f.drug_name) ?? f.ndc ?? ''}`.trim(),
          ),
        ].join('; '),
      ])
  }
  return rows
}

/** An export's file body, how many records it holds, and the authorization it relied on (null: none). */
type Exported = { body: string; rows: number; authorizationId: string | null }

async function csvExport(ctx: AppContext, source: Actor, patientId: string): Promise<Exported> {
  const patient = await loadPatient(ctx, source, patientId)
  const data = await servedData(ctx, source, patient)
  const lines = [csvLine(EXPORT_COLUMNS)]
  for (const m of data.medications) {
    lines.push(
      csvLine([
        'Medication',
        m.resourceId,
        m.fillDate,
        m.endDate,
        cleanDrugName(m.drugName),
        m.ndc,
        m.prescriberName,
        m.prescriberNpi,
        m.daysSupply,
        m.quantity,
        dollars(m.totalCostCents),
        dollars(m.planPaidCents),
        dollars(m.patientPayCents),
        null,
        null,
      ]),
    )
  }
  for (const { claim, diagnoses } of data.claims) {
    const codes = diagnoses.map((d) => d.code).join(' ')
    lines.push(
      csvLine([
        'Claim',
        claim.resourceId,
        claim.billableStart,
        claim.billableEnd,
        claimTypeLabel(claim.claimType),
        codes,
        claim.providerName,
        claim.providerNpi,
        null,
        null,
        dollars(claim.submittedCents),
        dollars(claim.medicarePaidCents),
        dollars(claim.patientPaysCents),
        null,
        null,
      ]),
    )
  }
  if (patient.authorizationId !== null) {
    const [risk, partD] = await Promise.all([
      latestRiskScore(ctx.db, patient.row.id),
      storedPartDScore(ctx.db, patient.row.id),
    ])
    // Scores name claims by the stored row (Part D) or by the resource (Part C); the file by the resource.
    const claimIds = new Map(data.claims.map(({ claim }) => [claim.id, claim.resourceId]))
    for (const row of scoreRows(risk ? riskScoreView(risk) : null, partD, claimIds)) lines.push(csvLine(row))
  }
  return {
    body: `${lines.join('\r\n')}\r\n`,
    rows: lines.length - 1,
    authorizationId: patient.authorizationId,
  }
}

async function fhirExport(ctx: AppContext, source: Actor, patientId: string): Promise<Exported> {
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
  source: Actor,
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
  const filename = patientExportFilename(format, ctx.clock().toISOString().slice(0, 10))
  return format === 'csv'
    ? { filename, contentType: 'text/csv; charset=utf-8', body }
    : { filename, contentType: 'application/fhir+json; charset=utf-8', body }
}
