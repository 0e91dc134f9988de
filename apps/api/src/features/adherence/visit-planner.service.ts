// The visit planner: the caller's served patients due for their annual wellness visit (now or within the
// horizon, or never had one), each with the adherence measures they fall below. One audit row per read, with
// the number of patients listed, like a search.
import type { VisitPlanner, VisitPlannerQuery } from '@blueconsent/contract/adherence'
import type { AppContext } from '../../platform/context.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { servedPatientsInScope } from '../patients/index.ts'
import { lastWellnessVisits } from './adherence.repository.ts'
import { adherenceFlagsFor, measurementYear } from './adherence.service.ts'
import { isWellnessDue, wellnessDueOn } from './wellness.ts'

/** How far ahead a wellness visit counts as due: visits can be booked a month ahead. */
export const PLANNER_HORIZON_DAYS = 30
/** The most patients one planner read considers (a practice's panel; the list is by name). */
export const PLANNER_PATIENT_LIMIT = 2_000

export async function readVisitPlanner(
  ctx: AppContext,
  source: Actor,
  query: VisitPlannerQuery,
): Promise<VisitPlanner> {
  const now = ctx.clock()
  const period = measurementYear(now)
  const served = await servedPatientsInScope(ctx.db, source.principal, now, PLANNER_PATIENT_LIMIT)
  const ids = served.map((patient) => patient.id)
  const [visits, flags] = await Promise.all([
    lastWellnessVisits(ctx.db, ids, period.asOf),
    adherenceFlagsFor(ctx, ids),
  ])
  const belowOnly = query.below_threshold === 'true'
  const due = served.flatMap((patient) => {
    const last = visits.get(patient.id) ?? null
    const dueOn = last ? wellnessDueOn(last.date) : null
    const patientFlags = flags.get(patient.id) ?? []
    if (!isWellnessDue(dueOn, period.asOf, PLANNER_HORIZON_DAYS)) return []
    if (belowOnly && patientFlags.length === 0) return []
    return [
      {
        patient_id: patient.id,
        patient_name: patient.fullName,
        birth_date: patient.birthDate,
        last_wellness_visit: last ? { date: last.date, code: last.code } : null,
        wellness_due_on: dueOn,
        adherence_flags: patientFlags,
      },
    ]
  })
  // Never had one first (they are the most overdue), then by the day the visit became due.
  due.sort((a, b) => (a.wellness_due_on ?? '').localeCompare(b.wellness_due_on ?? ''))
  await writeAudit(ctx.db, source, {
    action: 'visit_planner.read',
    patientId: null,
    targetType: 'visit_planner',
    details: { patients: due.length, below_threshold: belowOnly },
    at: now,
  })
  return { as_of: period.asOf, year: period.year, wellness_due: due, horizon_days: PLANNER_HORIZON_DAYS }
}
