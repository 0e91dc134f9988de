// Adherence of the patients a caller is served: the three Part D Star measures per patient (pdc.ts) over the
// fills and facility stays of the measurement year, read in one batch for a whole list. Reads of one patient
// go through the patients feature's scope check and are audited like the patient's other data.
import {
  ADHERENCE_THRESHOLD,
  type AdherenceFlag,
  type PatientAdherence,
} from '@blueconsent/contract/adherence'
import type { AppContext } from '../../platform/context.ts'
import { readAll, type DbOrTx } from '../../platform/db/client.ts'
import { AppError } from '../../platform/errors.ts'
import { accessReason, writeAudit } from '../../platform/audit/index.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { loadPatient, type ScopedPatient } from '../patients/index.ts'
import { facilityStaysBetween, fillsBetween, patientsWithEsrd } from './adherence.repository.ts'
import { toFlag, toMeasureView } from './adherence-views.ts'
import { adherenceFor, type MeasureOutcome } from './pdc.ts'

/** The measurement year and the last day the data speaks for in it (today while the year runs). */
export type MeasurementYear = { year: number; from: string; asOf: string }

export function measurementYear(now: Date, year = now.getUTCFullYear()): MeasurementYear {
  const today = now.toISOString().slice(0, 10)
  const yearEnd = `${year}-12-31`
  return { year, from: `${year}-01-01`, asOf: today < yearEnd ? today : yearEnd }
}

export type PatientOutcomes = { measures: MeasureOutcome[]; unnamedFills: number }

function groupByPatient<T extends { patientId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(row.patientId)
    if (group) group.push(row)
    else groups.set(row.patientId, [row])
  }
  return groups
}

/** The three measures for each of `patientIds` (already in scope and served), in a few statements. */
export async function outcomesFor(
  db: DbOrTx,
  patientIds: readonly string[],
  period: MeasurementYear,
): Promise<Map<string, PatientOutcomes>> {
  const [fills, stays, esrd] = await readAll(db, [
    () => fillsBetween(db, patientIds, period.from, period.asOf),
    () => facilityStaysBetween(db, patientIds, period.from, period.asOf),
    () => patientsWithEsrd(db, patientIds, period.from, period.asOf),
  ] as const)
  const fillsOf = groupByPatient(fills)
  const staysOf = groupByPatient(stays)
  const outcomes = new Map<string, PatientOutcomes>()
  for (const patientId of patientIds) {
    const own = fillsOf.get(patientId) ?? []
    const ownStays = staysOf.get(patientId) ?? []
    outcomes.set(patientId, {
      measures: adherenceFor({
        year: period.year,
        asOf: period.asOf,
        fills: own,
        stays: ownStays.filter((stay) => stay.kind !== 'HOSPICE'),
        inHospice: ownStays.some((stay) => stay.kind === 'HOSPICE'),
        hasEsrd: esrd.has(patientId),
      }),
      unnamedFills: own.filter((fill) => fill.drugName === null).length,
    })
  }
  return outcomes
}

/**
 * The filter "below 80%" for any list of patients the caller is served: each patient among `patientIds` with
 * a measure below the threshold this year, with those measures' flags. Patients absent from the answer are
 * adherent, not measured or excluded. Callers pass only ids they have scoped and may serve.
 */
export async function adherenceFlagsFor(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  patientIds: readonly string[],
): Promise<Map<string, AdherenceFlag[]>> {
  const outcomes = await outcomesFor(ctx.db, patientIds, measurementYear(ctx.clock()))
  const flagged = new Map<string, AdherenceFlag[]>()
  for (const [patientId, { measures }] of outcomes) {
    const flags = measures.flatMap((measure) => toFlag(measure) ?? [])
    if (flags.length > 0) flagged.set(patientId, flags)
  }
  return flagged
}

/** Whether the caller is served the patient's data now (an active authorization and a completed pull). */
export const isServed = (patient: ScopedPatient): boolean =>
  patient.authorizationId !== null && patient.row.dataAsOf !== null

export function adherenceView(
  patientId: string,
  period: MeasurementYear,
  outcomes: PatientOutcomes | null,
): PatientAdherence {
  return {
    patient_id: patientId,
    served: outcomes !== null,
    year: period.year,
    as_of: period.asOf,
    threshold: ADHERENCE_THRESHOLD,
    measures: (outcomes?.measures ?? []).map(toMeasureView),
    unnamed_fills: outcomes?.unnamedFills ?? 0,
  }
}

function yearAsked(now: Date, year: number | undefined): number {
  const current = now.getUTCFullYear()
  if (year !== undefined && year > current)
    throw new AppError(400, 'validation_error', 'The measurement year cannot be in the future.')
  return year ?? current
}

/** GET /api/patients/{id}/adherence/: scoped like the patient's other data, audited on every read. */
export async function readPatientAdherence(
  ctx: AppContext,
  source: Actor,
  id: string,
  year: number | undefined,
): Promise<PatientAdherence> {
  const patient = await loadPatient(ctx, source, id)
  const now = ctx.clock()
  const period = measurementYear(now, yearAsked(now, year))
  const outcomes = isServed(patient)
    ? ((await outcomesFor(ctx.db, [patient.row.id], period)).get(patient.row.id) ?? null)
    : null
  await writeAudit(ctx.db, source, {
    action: 'patient.adherence',
    patientId: patient.row.id,
    details: { served: outcomes !== null, year: period.year },
    reason: accessReason(patient.authorizationId),
    at: now,
  })
  return adherenceView(patient.row.id, period, outcomes)
}
