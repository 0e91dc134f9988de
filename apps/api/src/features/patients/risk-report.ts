// The ACO's risk report: read and CSV export, each audited as a read of many patients' data.
import { RISK_REPORT_LIMIT, type RiskReport, type RiskReportQuery } from '@blueconsent/contract/reports'
import { isValidPatientId } from '@blueconsent/contract/shared'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { csvLine } from '../../platform/lib/csv.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import { riskReportOptions, riskReportRows, type RiskReportDbRow } from './risk-report.repository.ts'

const filtersOf = (query: RiskReportQuery) => ({
  tinId: query.tin && isValidPatientId(query.tin) ? query.tin : undefined,
  model: query.model,
  paymentYear: query.payment_year,
})

const toRow = (row: RiskReportDbRow) => ({
  patient_id: row.patient_id,
  patient_name: row.patient_name,
  tin: row.tin,
  model: row.model,
  payment_year: Number(row.payment_year),
  score: Number(row.score),
  payment_score: row.payment_score === null ? null : Number(row.payment_score),
  hccs: row.hccs ?? [],
  part_d_model: row.part_d_model,
  part_d_score: row.part_d_score === null ? null : Number(row.part_d_score),
  part_d_pdp_score: row.part_d_pdp_score === null ? null : Number(row.part_d_pdp_score),
  rx_hccs: row.rx_hccs ?? [],
  calculated_at: new Date(row.calculated_at).toISOString(),
})

async function audit(ctx: AppContext, source: Actor, action: string, query: RiskReportQuery, rows: number) {
  await writeAudit(ctx.db, source, {
    action,
    patientId: null,
    targetType: 'report',
    targetId: null,
    details: {
      tin: query.tin ?? null,
      model: query.model ?? null,
      payment_year: query.payment_year ?? null,
      rows,
    },
    at: ctx.clock(),
  })
}

export async function riskReport(
  ctx: AppContext,
  source: Actor,
  query: RiskReportQuery,
): Promise<RiskReport> {
  const now = ctx.clock()
  const [rows, options] = await Promise.all([
    riskReportRows(ctx.db, source.principal, now, filtersOf(query), RISK_REPORT_LIMIT),
    riskReportOptions(ctx.db, source.principal, now),
  ])
  await audit(ctx, source, 'report.risk_view', query, rows.length)
  const results = rows.map(toRow)
  const average =
    results.length === 0
      ? null
      : Math.round((results.reduce((sum, row) => sum + row.score, 0) / results.length) * 1000) / 1000
  return { count: results.length, average_score: average, results, ...options }
}

export async function riskReportCsv(ctx: AppContext, source: Actor, query: RiskReportQuery): Promise<string> {
  const rows = (
    await riskReportRows(ctx.db, source.principal, ctx.clock(), filtersOf(query), RISK_REPORT_LIMIT)
  ).map(toRow)
  await audit(ctx, source, 'report.risk_export', query, rows.length)
  const header = [
    'patient_id',
    'patient_name',
    'tin',
    'model',
    'payment_year',
    'score',
    'payment_score',
    'hccs',
    'part_d_model',
    'part_d_score',
    'part_d_pdp_score',
    'rx_hccs',
    'calculated_at',
  ]
  const lines = rows.map((row) =>
    csvLine([
      row.patient_id,
      row.patient_name,
      row.tin,
      row.model,
      row.payment_year,
      row.score.toFixed(3),
      row.payment_score?.toFixed(3),
      row.hccs.map((hcc) => `${hcc.hcc} ${hcc.label}`).join('; '),
      row.part_d_model,
      row.part_d_score?.toFixed(3),
      row.part_d_pdp_score?.toFixed(3),
      row.rx_hccs.map((rx) => `${rx.rx_hcc} ${rx.label}`).join('; '),
      row.calculated_at,
    ]),
  )
  return [csvLine(header), ...lines].join('\r\n') + '\r\n'
}
