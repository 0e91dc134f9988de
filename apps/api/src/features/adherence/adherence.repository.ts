// Every query of the adherence feature: the released Part D fills and claims a measure, the visit planner and
// the brief read (never a held pull's rows), and when each user last opened a patient's brief. Callers have
// already checked that the patients are in scope and served.
import { WELLNESS_VISIT_CODES } from '@blueconsent/contract/adherence'
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { briefOpenings } from '../../platform/db/schema/adherence.ts'
import {
  claimDiagnoses,
  claimLines,
  claims,
  medications,
  released,
} from '../../platform/db/schema/clinical.ts'

export type FillRow = {
  patientId: string
  date: string
  daysSupply: number | null
  drugName: string | null
  ndc: string | null
  prescriberName: string | null
}

const fillColumns = {
  patientId: medications.patientId,
  date: medications.fillDate,
  daysSupply: medications.daysSupply,
  drugName: medications.drugName,
  ndc: medications.ndc,
  prescriberName: medications.prescriberName,
}

const datedFills = (rows: (Omit<FillRow, 'date'> & { date: string | null })[]): FillRow[] =>
  rows.flatMap((row) => (row.date === null ? [] : [{ ...row, date: row.date }]))

/** Fills dated within [from, to], oldest first. */
export async function fillsBetween(
  db: DbOrTx,
  patientIds: readonly string[],
  from: string,
  to: string,
): Promise<FillRow[]> {
  if (patientIds.length === 0) return []
  const rows = await db
    .select(fillColumns)
    .from(medications)
    .where(
      and(
        inArray(medications.patientId, [...patientIds]),
        released(medications),
        sql`${medications.fillDate} between ${from} and ${to}`,
      ),
    )
    .orderBy(medications.fillDate, medications.resourceId)
  return datedFills(rows)
}

export type StayRow = { patientId: string; kind: 'INPATIENT' | 'SNF' | 'HOSPICE'; start: string; end: string }

/** Inpatient, SNF and hospice claims whose billable period meets [from, to]. */
export async function facilityStaysBetween(
  db: DbOrTx,
  patientIds: readonly string[],
  from: string,
  to: string,
): Promise<StayRow[]> {
  if (patientIds.length === 0) return []
  const rows = await db
    .select({
      patientId: claims.patientId,
      kind: claims.claimType,
      start: claims.billableStart,
      end: claims.billableEnd,
    })
    .from(claims)
    .where(
      and(
        inArray(claims.patientId, [...patientIds]),
        released(claims),
        inArray(claims.claimType, ['INPATIENT', 'SNF', 'HOSPICE']),
        sql`coalesce(${claims.billableStart}, ${claims.billableEnd}) <= ${to}`,
        sql`coalesce(${claims.billableEnd}, ${claims.billableStart}) >= ${from}`,
      ),
    )
  return rows.flatMap((row) => {
    const start = row.start ?? row.end
    const end = row.end ?? row.start
    return start === null || end === null
      ? []
      : [{ patientId: row.patientId, kind: row.kind as StayRow['kind'], start, end }]
  })
}

// ICD-10-CM codes that put a patient in the ESRD exclusion: end stage renal disease and dependence on dialysis.
const ESRD_CODES = ['N186', 'Z992']

/** Patients among `patientIds` with an ESRD or dialysis diagnosis on a claim ending within [from, to]. */
export async function patientsWithEsrd(
  db: DbOrTx,
  patientIds: readonly string[],
  from: string,
  to: string,
): Promise<Set<string>> {
  if (patientIds.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ patientId: claims.patientId })
    .from(claims)
    .innerJoin(claimDiagnoses, eq(claimDiagnoses.claimId, claims.id))
    .where(
      and(
        inArray(claims.patientId, [...patientIds]),
        released(claims),
        sql`coalesce(${claims.billableEnd}, ${claims.billableStart}) between ${from} and ${to}`,
        inArray(sql`replace(upper(${claimDiagnoses.code}), '.', '')`, ESRD_CODES),
      ),
    )
  return new Set(rows.map((row) => row.patientId))
}

export type WellnessVisitRow = { patientId: string; date: string; code: string }

/** Each patient's newest annual wellness visit line (G0438 or G0439), on or before `to`. */
export async function lastWellnessVisits(
  db: DbOrTx,
  patientIds: readonly string[],
  to: string,
): Promise<Map<string, WellnessVisitRow>> {
  if (patientIds.length === 0) return new Map()
  const day = sql<
    string | null
  >`coalesce(${claimLines.serviceStart}, ${claims.billableStart}, ${claims.billableEnd})`
  const rows = await db
    .selectDistinctOn([claims.patientId], { patientId: claims.patientId, date: day, code: claimLines.hcpcs })
    .from(claims)
    .innerJoin(claimLines, eq(claimLines.claimId, claims.id))
    .where(
      and(
        inArray(claims.patientId, [...patientIds]),
        released(claims),
        inArray(claimLines.hcpcs, [...WELLNESS_VISIT_CODES]),
        sql`${day} <= ${to}`,
      ),
    )
    .orderBy(claims.patientId, sql`${day} desc`)
  const visits = new Map<string, WellnessVisitRow>()
  for (const row of rows)
    if (row.date !== null && row.code !== null)
      visits.set(row.patientId, {
        patientId: row.patientId,
        date: String(row.date).slice(0, 10),
        code: row.code,
      })
  return visits
}

export type VisitRow = {
  date: string | null
  claimType: string
  providerName: string | null
  codes: string[]
}

const claimCodes = sql<
  string[] | null
>`(select array_agg(distinct ${claimLines.hcpcs}) from ${claimLines} where ${eq(claimLines.claimId, claims.id)} and ${claimLines.hcpcs} is not null)`

const visitColumns = {
  date: claims.billableEnd,
  claimType: claims.claimType,
  providerName: claims.providerName,
  codes: claimCodes,
}

const withSortedCodes = (rows: (Omit<VisitRow, 'codes'> & { codes: string[] | null })[]): VisitRow[] =>
  rows.map((row) => ({ ...row, codes: (row.codes ?? []).sort() }))

/** The patient's newest office and outpatient claims (their visits), newest first. */
export async function lastVisits(db: DbOrTx, patientId: string, limit: number): Promise<VisitRow[]> {
  const rows = await db
    .select(visitColumns)
    .from(claims)
    .where(
      and(
        eq(claims.patientId, patientId),
        released(claims),
        inArray(claims.claimType, ['CARRIER', 'OUTPATIENT']),
      ),
    )
    .orderBy(sql`${claims.billableEnd} desc nulls last`, claims.resourceId)
    .limit(limit)
  return withSortedCodes(rows)
}

/** Claims stored after `since` (a later pull brought them), newest first. */
export async function claimsStoredSince(
  db: DbOrTx,
  patientId: string,
  since: Date,
  limit: number,
): Promise<VisitRow[]> {
  const rows = await db
    .select(visitColumns)
    .from(claims)
    .where(and(eq(claims.patientId, patientId), released(claims), gt(claims.createdAt, since)))
    .orderBy(sql`${claims.billableEnd} desc nulls last`, claims.resourceId)
    .limit(limit)
  return withSortedCodes(rows)
}

/** Fills stored after `since`, newest fill first. */
export async function fillsStoredSince(
  db: DbOrTx,
  patientId: string,
  since: Date,
  limit: number,
): Promise<FillRow[]> {
  const rows = await db
    .select(fillColumns)
    .from(medications)
    .where(and(eq(medications.patientId, patientId), released(medications), gt(medications.createdAt, since)))
    .orderBy(sql`${medications.fillDate} desc nulls last`, medications.resourceId)
    .limit(limit)
  return datedFills(rows)
}

export async function lastBriefOpening(db: DbOrTx, userId: string, patientId: string): Promise<Date | null> {
  const [row] = await db
    .select({ openedAt: briefOpenings.openedAt })
    .from(briefOpenings)
    .where(and(eq(briefOpenings.userId, userId), eq(briefOpenings.patientId, patientId)))
  return row?.openedAt ?? null
}

export async function recordBriefOpening(
  db: DbOrTx,
  userId: string,
  patientId: string,
  at: Date,
): Promise<void> {
  await db
    .insert(briefOpenings)
    .values({ userId, patientId, openedAt: at })
    .onConflictDoUpdate({ target: [briefOpenings.userId, briefOpenings.patientId], set: { openedAt: at } })
}
