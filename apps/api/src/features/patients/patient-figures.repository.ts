// The dashboard's patient figures, each one aggregate query under the same scope as every patient read
// (organisation, TINs, an agent's own authorizations): patients with data, the latest risk scores (primary
// model and blended payment score) with their distribution, and the most frequent HCCs.
import { sql } from 'drizzle-orm'
import { type Principal } from '../../platform/identity/index.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { released, riskScores } from '../../platform/db/schema/clinical.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { patientScope } from './patient-scope.ts'

export type PatientFigures = {
  patients_total: number
  patients_with_data: number
  scored: number
  average_score: number | null
  average_payment_score: number | null
  distribution: { band: string; count: number }[]
  top_hccs: { hcc: string; label: string; patients: number }[]
}

const BANDS = [
  { band: 'under 0.5', below: 0.5 },
  { band: '0.5 to 1.0', below: 1 },
  { band: '1.0 to 1.5', below: 1.5 },
  { band: '1.5 to 2.0', below: 2 },
  { band: '2.0 to 3.0', below: 3 },
  { band: '3.0 and over', below: Number.POSITIVE_INFINITY },
] as const

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

export async function patientFigures(db: DbOrTx, principal: Principal, now: Date): Promise<PatientFigures> {
  const scope = patientScope(principal, now)
  const [totals] = rowsOf<{ total: number; with_data: number }>(
    await db.execute(sql`select count(*)::int as total, count(${patients.dataAsOf})::int as with_data
      from ${patients} where ${scope}`),
  )
  const bandCounts = BANDS.map(({ below }, index) => {
    const from = index === 0 ? null : (BANDS[index - 1]?.below ?? 0)
    const upper = Number.isFinite(below) ? sql`score < ${below}` : sql`true`
    const lower = from === null ? sql`true` : sql`score >= ${from}`
    return sql`count(*) filter (where ${lower} and ${upper})::int`
  })
  // One pass: the newest score per patient in scope (read once, kept for both parts), its averages and
  // bands, and the HCCs of the model it was scored with, each counted once per patient.
  const [scores] = rowsOf<{
    scored: number
    average: number | null
    payment: number | null
    bands: number[]
    top: { hcc: string; label: string; patients: number }[] | null
  }>(
    await db.execute(sql`with latest as materialized (
        select distinct on (${riskScores.patientId}) ${riskScores.patientId} as patient_id,
          ${riskScores.score}::float8 as score, (${riskScores.result}->>'paymentScore')::float8 as payment_score,
          ${riskScores.model} as model, ${riskScores.result}->'models' as models
        from ${riskScores} join ${patients} on ${patients.id} = ${riskScores.patientId}
        where ${scope} and ${released(riskScores)}
        order by ${riskScores.patientId}, ${riskScores.calculatedAt} desc)
      select count(*)::int as scored, round(avg(score)::numeric, 3)::float8 as average,
        round(avg(payment_score)::numeric, 3)::float8 as payment,
        array[${sql.join(bandCounts, sql`, `)}] as bands,
        (select jsonb_agg(top) from (
          select item.value->>'hcc' as hcc, min(item.value->>'label') as label, count(*)::int as patients
          from latest, jsonb_array_elements(latest.models) model, jsonb_array_elements(model.value->'hccs') item
          where model.value->>'model' = latest.model
          group by 1 order by 3 desc, 1 limit 10) top) as top
      from latest`),
  )
  return {
    patients_total: totals?.total ?? 0,
    patients_with_data: totals?.with_data ?? 0,
    scored: scores?.scored ?? 0,
    average_score: scores?.average ?? null,
    average_payment_score: scores?.payment ?? null,
    distribution: BANDS.map(({ band }, index) => ({ band, count: Number(scores?.bands[index] ?? 0) })),
    top_hccs: (scores?.top ?? []).map((row) => ({
      hcc: row.hcc,
      label: row.label,
      patients: Number(row.patients),
    })),
  }
}

export type ChangedPatients = {
  count: number
  patients: { id: string; name: string; last_synced_at: string }[]
}

/** Patients in scope whose Medicare data was pulled after `since`, newest first (the first `limit`). */
export async function patientsChangedSince(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  since: Date,
  limit: number,
): Promise<ChangedPatients> {
  const changed = sql`${patientScope(principal, now)} and ${patients.lastSyncedAt} > ${since.toISOString()}`
  const [totals] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from ${patients} where ${changed}`),
  )
  const rows = rowsOf<{ id: string; name: string; last_synced_at: string | Date }>(
    await db.execute(sql`select ${patients.id} as id, ${patients.fullName} as name,
        ${patients.lastSyncedAt} as last_synced_at
      from ${patients} where ${changed}
      order by ${patients.lastSyncedAt} desc, ${patients.id} limit ${limit}`),
  )
  return {
    count: totals?.count ?? 0,
    patients: rows.map((row) => ({
      id: row.id,
      name: row.name,
      last_synced_at: new Date(row.last_synced_at).toISOString(),
    })),
  }
}
