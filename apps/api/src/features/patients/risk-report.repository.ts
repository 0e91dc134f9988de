// The risk report's query: each patient in scope with their newest score for the chosen model and payment
// year (any, when not chosen), the TIN they are under and the HCCs of that model, in one statement.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { riskScores } from '../../db/schema/clinical.ts'
import { patients } from '../../db/schema/patients.ts'
import { tins } from '../../db/schema/tins.ts'
import type { Principal } from '../../plugins/access.ts'
import { patientScope } from './patients.repository.ts'

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
  const conditions: SQL[] = [patientScope(principal, now)]
  if (filters.tinId) conditions.push(eq(patients.tinId, filters.tinId))
  if (filters.model) conditions.push(eq(riskScores.model, filters.model))
  if (filters.paymentYear) conditions.push(eq(riskScores.paymentYear, filters.paymentYear))
  const where = and(...conditions) as SQL
  return rowsOf<RiskReportDbRow>(
    await db.execute(sql`select * from (
        select distinct on (${patients.id}) ${patients.id} as patient_id, ${patients.fullName} as patient_name,
          ${tins.providerOrgName} as tin, ${riskScores.model} as model, ${riskScores.paymentYear} as payment_year,
          ${riskScores.score}::float8 as score, (${riskScores.result}->>'paymentScore')::float8 as payment_score,
          (select jsonb_agg(jsonb_build_object('hcc', hcc.value->>'hcc', 'label', hcc.value->>'label'))
             from jsonb_array_elements(${riskScores.result}->'models') model,
               jsonb_array_elements(model.value->'hccs') hcc
             where model.value->>'model' = ${riskScores.model}) as hccs,
          ${riskScores.calculatedAt} as calculated_at
        from ${riskScores}
          join ${patients} on ${patients.id} = ${riskScores.patientId}
          left join ${tins} on ${tins.id} = ${patients.tinId}
        where ${where}
        order by ${patients.id}, ${riskScores.calculatedAt} desc
      ) newest order by score desc, patient_name limit ${limit}`),
  )
}

/** What the filters can offer: the models and payment years scored, and the organisation's TINs. */
export async function riskReportOptions(db: DbOrTx, principal: Principal, now: Date) {
  const scope = patientScope(principal, now)
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
