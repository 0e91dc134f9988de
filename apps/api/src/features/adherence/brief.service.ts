// The pre-visit brief: one page per patient for the clinician before a visit. Current medications with the
// adherence measures they belong to, the last visits, the open gaps, and what changed since this user last
// opened the brief (kept per user and patient; POST .../brief/opened/ moves it).
import { MEASURES, countedIngredients } from './drug-classes.ts'
import type { PreVisitBrief } from '@blueconsent/contract/adherence'
import type { AppContext } from '../../platform/context.ts'
import { accessReason, writeAudit } from '../../platform/audit/index.ts'
import type { Actor } from '../../platform/identity/index.ts'
import { loadPatient } from '../patients/index.ts'
import {
  claimsStoredSince,
  fillsBetween,
  fillsStoredSince,
  lastBriefOpening,
  lastVisits,
  lastWellnessVisits,
  recordBriefOpening,
  type FillRow,
  type VisitRow,
} from './adherence.repository.ts'
import { adherenceView, isServed, measurementYear, outcomesFor } from './adherence.service.ts'
import { OPEN_GAPS_WIRED, openGapsFor } from './open-gaps.ts'
import { dayNumber, isoDay } from './pdc.ts'
import { wellnessDueOn } from './wellness.ts'

/** A drug is current when it was last filled within this many days of the as-of day. */
export const CURRENT_MEDICATION_DAYS = 180
const LAST_VISITS = 5
const CHANGES_LISTED = 20

type BriefMedication = PreVisitBrief['medications'][number]

/** One line per drug (by name, or NDC when Medicare named none): its newest fill and how many in the window. */
export function currentMedications(fills: readonly FillRow[]): BriefMedication[] {
  const byDrug = new Map<string, { newest: FillRow; fills: number }>()
  for (const fill of fills) {
    const key = fill.drugName?.toLowerCase() ?? `ndc:${fill.ndc ?? ''}`
    const seen = byDrug.get(key)
    if (!seen) byDrug.set(key, { newest: fill, fills: 1 })
    else
      byDrug.set(key, { newest: fill.date >= seen.newest.date ? fill : seen.newest, fills: seen.fills + 1 })
  }
  return [...byDrug.values()]
    .map(({ newest, fills: count }) => ({
      drug_name: newest.drugName,
      last_fill: newest.date,
      days_supply: newest.daysSupply,
      fills: count,
      prescriber_name: newest.prescriberName,
      measure:
        MEASURES.find((definition) => countedIngredients(definition, newest.drugName).length > 0)?.measure ??
        null,
    }))
    .sort((a, b) => (a.drug_name ?? '\uffff').localeCompare(b.drug_name ?? '\uffff'))
}

const toVisit = (row: VisitRow): PreVisitBrief['last_visits'][number] => ({
  date: row.date,
  claim_type: row.claimType,
  provider_name: row.providerName,
  codes: row.codes,
})

async function changesSince(ctx: AppContext, patientId: string, since: Date | null) {
  if (since === null) return { since: null, new_fills: [], new_claims: [] }
  const [fills, claims] = await Promise.all([
    fillsStoredSince(ctx.db, patientId, since, CHANGES_LISTED),
    claimsStoredSince(ctx.db, patientId, since, CHANGES_LISTED),
  ])
  return {
    since: since.toISOString(),
    new_fills: fills.map((fill) => ({
      date: fill.date,
      drug_name: fill.drugName,
      days_supply: fill.daysSupply,
    })),
    new_claims: claims.map(toVisit),
  }
}

/** GET /api/patients/{id}/brief/: scoped like the patient's other data, audited on every read. */
export async function readBrief(ctx: AppContext, source: Actor, id: string): Promise<PreVisitBrief> {
  const patient = await loadPatient(ctx, source, id)
  const now = ctx.clock()
  const period = measurementYear(now)
  const served = isServed(patient)
  const patientId = patient.row.id
  const since = await lastBriefOpening(ctx.db, source.principal.userId, patientId)
  const brief: PreVisitBrief = {
    patient_id: patientId,
    patient_name: patient.row.fullName,
    birth_date: served ? patient.row.birthDate : null,
    served,
    data_as_of: served ? (patient.row.dataAsOf?.toISOString() ?? null) : null,
    generated_at: now.toISOString(),
    adherence: adherenceView(patientId, period, null),
    medications: [],
    last_visits: [],
    last_wellness_visit: null,
    wellness_due_on: null,
    open_gaps: [],
    open_gaps_available: OPEN_GAPS_WIRED,
    changes: { since: since?.toISOString() ?? null, new_fills: [], new_claims: [] },
  }
  const full = served ? await withData(ctx, source, brief, period) : brief
  const changes = served ? await changesSince(ctx, patientId, since) : brief.changes
  await writeAudit(ctx.db, source, {
    action: 'patient.brief',
    patientId,
    details: { served },
    reason: accessReason(patient.authorizationId),
    at: now,
  })
  return { ...full, changes }
}

async function withData(
  ctx: AppContext,
  source: Actor,
  brief: PreVisitBrief,
  period: ReturnType<typeof measurementYear>,
): Promise<PreVisitBrief> {
  const patientId = brief.patient_id
  const windowStart = isoDay(dayNumber(period.asOf) - CURRENT_MEDICATION_DAYS)
  const [outcomes, fills, visits, wellness, gaps] = await Promise.all([
    outcomesFor(ctx.db, [patientId], period),
    fillsBetween(ctx.db, [patientId], windowStart, period.asOf),
    lastVisits(ctx.db, patientId, LAST_VISITS),
    lastWellnessVisits(ctx.db, [patientId], period.asOf),
    openGapsFor(ctx, source, patientId),
  ])
  const wellnessVisit = wellness.get(patientId) ?? null
  return {
    ...brief,
    adherence: adherenceView(patientId, period, outcomes.get(patientId) ?? null),
    medications: currentMedications(fills),
    last_visits: visits.map(toVisit),
    last_wellness_visit: wellnessVisit ? { date: wellnessVisit.date, code: wellnessVisit.code } : null,
    wellness_due_on: wellnessVisit ? wellnessDueOn(wellnessVisit.date) : null,
    open_gaps: gaps,
  }
}

/** POST /api/patients/{id}/brief/opened/: the next brief's "what changed" starts now (scoped, 404 otherwise). */
export async function markBriefOpened(
  ctx: AppContext,
  source: Actor,
  id: string,
): Promise<{ opened_at: string }> {
  const patient = await loadPatient(ctx, source, id)
  const at = ctx.clock()
  await recordBriefOpening(ctx.db, source.principal.userId, patient.row.id, at)
  return { opened_at: at.toISOString() }
}
