// The risk report's query: each patient in scope with their newest score for the chosen model and payment
// year (any, when not chosen), the TIN they are under, the HCCs of that model (CMS-HCC or ESRD), and the
// Part D (RxHCC) score the gap computation stored with its RxHCCs, in one statement.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { type Principal } from '../../platform/identity/index.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { released, riskScores } from '../../platform/db/schema/clinical.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { riskGapPatients } from '../../platform/db/schema/risk-gaps.ts'
import { tins } from '../../platform/db/schema/tins.ts'
import { patientScope } from './patient-scope.ts'

export type RiskReportFilters = {
  tinId?: string | undefined
  model?: string | undefined
  paymentYear?: number | undefined
}
export type RiskReportDbRow = {
  patient_id: string
  patient_name: string
  tin: string | null
  model: string
  payment_year: number
  score: number
  payment_score: number | null
  hccs: { hcc: string; label: string }[] | null
  part_d_model: string | null
  part_d_score: number | null
  part_d_pdp_score: number | null
  rx_hccs: { rx_hcc: string; label: string }[] | null
  calculated_at: string | Date
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

export async function riskReportRows(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  filters: RiskReportFilters,
  limit: number,
): Promise<RiskReportDbRow[]> {
  const conditions: SQL[] = [patientScope(principal, now), released(riskScores)]
  if (filters.tinId) conditions.push(eq(patients.tinId, filters.tinId))
  if (filters.model) conditions.push(eq(riskScores.model, filters.model))
  if (filters.paymentYear) conditions.push(eq(riskScores.paymentYear, filters.paymentYear))
  const where = and(...conditions) as SQL
  return rowsOf<RiskReportDbRow>(
    await db.execute(sql`select * from (
        select distinct on (${patients.id}) ${patients.id} as patient_id, ${patients.fullName} as patient_name,
          ${tins.providerOrgName} as tin, ${riskScores.model} as model, ${riskScores.paymentYear} as payment_year,
          ${riskScores.score}::float8 as score,
          coalesce(${riskScores.result}->'esrd'->>'paymentScore', ${riskScores.result}->>'paymentScore')::float8
            as payment_score,
          coalesce(
            (select jsonb_agg(jsonb_build_object('hcc', hcc.value->>'hcc', 'label', hcc.value->>'label'))
               from jsonb_array_elements(${riskScores.result}->'models') model,
                 jsonb_array_elements(model.value->'hccs') hcc
               where model.value->>'model' = ${riskScores.model}),
            (select jsonb_agg(jsonb_build_object('hcc', hcc.value->>'variable', 'label', hcc.value->>'label'))
               from jsonb_array_elements(coalesce(${riskScores.result}->'esrd'->'hccs', '[]'::jsonb)) hcc)
          ) as hccs,
          ${riskGapPatients.partD}->>'model' as part_d_model,
          (select (n.value->>'score')::float8 from jsonb_array_elements(${riskGapPatients.partD}->'normalized') n
             where n.value->>'plan' = 'MA-PD') as part_d_score,
          (select (n.value->>'score')::float8 from jsonb_array_elements(${riskGapPatients.partD}->'normalized') n
             where n.value->>'plan' = 'PDP') as part_d_pdp_score,
          (select jsonb_agg(jsonb_build_object('rx_hcc', rx.value->>'rx_hcc', 'label', rx.value->>'label'))
             from jsonb_array_elements(${riskGapPatients.partD}->'rx_hccs') rx) as rx_hccs,
          ${riskScores.calculatedAt} as calculated_at
        from ${riskScores}
          join ${patients} on ${patients.id} = ${riskScores.patientId}
          left join ${tins} on ${tins.id} = ${patients.tinId}
          left join ${riskGapPatients} on ${riskGapPatients.patientId} = ${patients.id}
        where ${where}
        order by ${patients.id}, ${riskScores.calculatedAt} desc
      ) newest order by score desc, patient_name limit ${limit}`),
  )
}

/** What the filters can offer: the models and payment years scored, and the organisation's TINs. */
export async function riskReportOptions(db: DbOrTx, principal: Principal, now: Date) {
  const scope = and(patientScope(principal, now), released(riskScores))
  const [models, years] = await Promise.all([
    db
      .selectDistinct({ value: riskScores.model })
      .from(riskScores)
      .innerJoin(patients, eq(patients.id, riskScores.patientId))
      .where(scope)
      .orderBy(asc(riskScores.model)),
    db
      .selectDistinct({ value: riskScores.paymentYear })
      .from(riskScores)
      .innerJoin(patients, eq(patients.id, riskScores.patientId))
      .where(scope)
      .orderBy(asc(riskScores.paymentYear)),
  ])
  const tinRows = principal.organizationId
    ? await db
        .select({ id: tins.id, name: tins.providerOrgName, masked: tins.identifierMasked })
        .from(tins)
        .where(and(eq(tins.organizationId, principal.organizationId), eq(tins.isActive, true)))
        .orderBy(asc(tins.providerOrgName))
    : []
  const visible = principal.allTins ? tinRows : tinRows.filter((tin) => principal.tinIds.includes(tin.id))
  return { models: models.map((m) => m.value), payment_years: years.map((y) => y.value), tins: visible }
}
