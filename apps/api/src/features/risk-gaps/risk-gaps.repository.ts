// Every query of the worklist. Reads of gaps go through patients' scope (organisation, TINs) and need the
// caller's active authorization for the patient, like every read of clinical data; the record a computation
// reads is the patient's released rows only (never a held pull's).
import type { CoverageRecord } from '@blueconsent/bluebutton'
import type { GapStatus, GapType } from '@blueconsent/contract/risk-gaps'
import type { DataLimitation } from '@blueconsent/contract/shared'
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import {
  claimDiagnoses,
  claimLines,
  claims,
  coverages,
  medications,
  released,
} from '../../platform/db/schema/clinical.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { riskGapPatients, riskGaps } from '../../platform/db/schema/risk-gaps.ts'
import { tins } from '../../platform/db/schema/tins.ts'
import type { Principal } from '../../platform/identity/index.ts'
import { activeAuthorizationExists, patientScope } from '../patients/index.ts'
import type { ComputedGap, GapClaim, GapFill } from './gap-computation.ts'

export type RiskGapRow = typeof riskGaps.$inferSelect
export type ListedGap = {
  gap: RiskGapRow
  patientName: string
  tin: string | null
  /** The patient's Part D score normalised for MA-PD, for lists and exports. */
  partDScore: number | null
  /** The patient's record caveats (lists only), to flag rows whose substance-use claims were not shared. */
  caveats?: string[] | null
  /** What the patient's record cannot show (null: no computation stored). */
  dataLimitations: DataLimitation[] | null
}

const partDScore = sql<number | null>`(${riskGapPatients.partD}->'normalized'->0->>'score')::float8`.mapWith(
  (value) => (value === null ? null : Number(value)),
)

function groupByClaim<T extends { claimId: string }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const group = groups.get(row.claimId)
    if (group) group.push(row)
    else groups.set(row.claimId, [row])
  }
  return groups
}

/**
 * The patient's released claims as the risk-adjustment filter reads them (from the stored diagnoses and lines;
 * ids are the stored rows', as claim links use), their fills and coverage.
 */
export async function loadPatientRecord(db: DbOrTx, patientId: string) {
  const mine = and(eq(claims.patientId, patientId), released(claims))
  const [claimRows, diagnosisRows, lineRows, fillRows, coverageRows] = await Promise.all([
    db
      .select({
        id: claims.id,
        claimType: claims.claimType,
        typeOfBill: claims.typeOfBill,
        start: claims.billableStart,
        end: claims.billableEnd,
        providerName: claims.providerName,
        providerNpi: claims.providerNpi,
      })
      .from(claims)
      .where(mine),
    db
      .select({
        claimId: claimDiagnoses.claimId,
        code: claimDiagnoses.code,
        system: claimDiagnoses.system,
        roles: claimDiagnoses.roles,
      })
      .from(claimDiagnoses)
      .innerJoin(claims, eq(claims.id, claimDiagnoses.claimId))
      .where(mine)
      .orderBy(asc(claimDiagnoses.sequence)),
    db
      .select({
        claimId: claimLines.claimId,
        hcpcs: claimLines.hcpcs,
        modifiers: claimLines.modifiers,
        serviceStart: claimLines.serviceStart,
        serviceEnd: claimLines.serviceEnd,
      })
      .from(claimLines)
      .innerJoin(claims, eq(claims.id, claimLines.claimId))
      .where(mine),
    db
      .select({
        id: medications.id,
        drugName: medications.drugName,
        ndc: medications.ndc,
        fillDate: medications.fillDate,
        daysSupply: medications.daysSupply,
        prescriberName: medications.prescriberName,
        prescriberNpi: medications.prescriberNpi,
      })
      .from(medications)
      .where(and(eq(medications.patientId, patientId), released(medications))),
    db
      .select({ record: coverages.record })
      .from(coverages)
      .where(and(eq(coverages.patientId, patientId), released(coverages))),
  ])
  const diagnosesOf = groupByClaim(
    diagnosisRows.map((dx) => ({
      claimId: dx.claimId,
      code: dx.code,
      system: dx.system as 'icd10' | 'icd9' | 'other',
      roles: dx.roles,
    })),
  )
  const linesOf = groupByClaim(lineRows)
  const gapClaims: GapClaim[] = claimRows.map((row) => ({
    id: row.id,
    claimType: row.claimType as GapClaim['claimType'],
    typeOfBill: row.typeOfBill,
    billablePeriod: { start: row.start, end: row.end },
    diagnoses: diagnosesOf.get(row.id) ?? [],
    lines: linesOf.get(row.id) ?? [],
    providerName: row.providerName,
    providerNpi: row.providerNpi,
  }))
  return {
    claims: gapClaims,
    fills: fillRows as GapFill[],
    coverage: coverageRows.map((row) => row.record as unknown as CoverageRecord),
  }
}

export async function findPatientOrganization(db: DbOrTx, patientId: string): Promise<string | null> {
  const [row] = await db
    .select({ organizationId: patients.organizationId })
    .from(patients)
    .where(eq(patients.id, patientId))
  return row?.organizationId ?? null
}

const gapValues = (gap: ComputedGap, at: Date) => ({
  type: gap.type,
  condition: gap.condition,
  model: gap.model,
  hcc: gap.hcc,
  hccLabel: gap.hccLabel,
  value: gap.value.toFixed(3),
  rxHcc: gap.rxHcc,
  rxHccLabel: gap.rxHccLabel,
  rxValue: gap.rxValue.toFixed(3),
  trumpedBy: gap.trumpedBy,
  confidence: gap.confidence,
  suggestedCode: gap.suggestedCode,
  lastDate: gap.lastDate,
  providerNpi: gap.providerNpi,
  providerName: gap.providerName,
  evidence: { claims: gap.claims, fills: gap.fills, rule: gap.rule },
  current: true,
  computedAt: at,
})

/**
 * Replaces the patient's computed gaps: each found gap is inserted or updated in place (keeping its status);
 * gaps no longer found are dropped while open, and kept out of the list (not current) once they carry a status.
 */
export async function replacePatientGaps(
  db: DbOrTx,
  input: {
    patientId: string
    organizationId: string
    gaps: readonly ComputedGap[]
    partD: Record<string, unknown> | null
    caveats: string[]
    dataLimitations: DataLimitation[]
    at: Date
  },
): Promise<void> {
  const { patientId, organizationId, gaps, at } = input
  const keys = gaps.map((gap) => gap.key)
  const stale = and(
    eq(riskGaps.patientId, patientId),
    keys.length > 0 ? sql`${riskGaps.gapKey} <> all(${sql.param(keys)}::text[])` : undefined,
  )
  await db.delete(riskGaps).where(and(stale, eq(riskGaps.status, 'open')))
  await db.update(riskGaps).set({ current: false }).where(stale)
  for (const gap of gaps) {
    const values = gapValues(gap, at)
    await db
      .insert(riskGaps)
      .values({ patientId, organizationId, gapKey: gap.key, ...values })
      .onConflictDoUpdate({
        target: [riskGaps.patientId, riskGaps.gapKey],
        set: { organizationId, ...values },
      })
  }
  const summary = {
    partD: input.partD,
    caveats: input.caveats,
    dataLimitations: input.dataLimitations,
    computedAt: at,
  }
  await db
    .insert(riskGapPatients)
    .values({ patientId, ...summary })
    .onConflictDoUpdate({ target: riskGapPatients.patientId, set: summary })
}

export type GapFilters = {
  tinId?: string | undefined
  providerNpi?: string | undefined
  type?: GapType | undefined
  status: GapStatus
}

/** Gaps a caller may see: current, on patients in scope, while the caller holds an active authorization. */
/** By value, highest first, as the worklist index is ordered (NULLS LAST must match it for the index to serve). */
const byValue = [sql`${riskGaps.value} desc nulls last`, asc(riskGaps.id)]

function visibleGaps(principal: Principal, now: Date): SQL {
  if (!principal.organizationId) return sql`false`
  return and(
    eq(riskGaps.current, true),
    // The organisation of the index, repeated from the patient so the worklist index leads the plan.
    eq(riskGaps.organizationId, principal.organizationId),
    patientScope(principal, now),
    activeAuthorizationExists(principal, now),
  ) as SQL
}

export async function listGaps(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  filters: GapFilters,
  page: { limit: number; offset: number },
): Promise<ListedGap[]> {
  const conditions: (SQL | undefined)[] = [visibleGaps(principal, now), eq(riskGaps.status, filters.status)]
  if (filters.tinId) conditions.push(eq(patients.tinId, filters.tinId))
  if (filters.providerNpi) conditions.push(eq(riskGaps.providerNpi, filters.providerNpi))
  if (filters.type) conditions.push(eq(riskGaps.type, filters.type))
  return db
    .select({
      gap: riskGaps,
      patientName: patients.fullName,
      tin: tins.providerOrgName,
      partDScore,
      caveats: riskGapPatients.caveats,
      dataLimitations: riskGapPatients.dataLimitations,
    })
    .from(riskGaps)
    .innerJoin(patients, eq(patients.id, riskGaps.patientId))
    .leftJoin(tins, eq(tins.id, patients.tinId))
    .leftJoin(riskGapPatients, eq(riskGapPatients.patientId, riskGaps.patientId))
    .where(and(...conditions))
    .orderBy(...byValue)
    .limit(page.limit)
    .offset(page.offset)
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])

/**
 * The distinct providers on the organisation's current gaps, by a skip scan of the provider index (one index
 * probe per provider, however many gaps each has), with a name each.
 */
async function providersOnGaps(db: DbOrTx, organizationId: string) {
  const onGaps = sql`${riskGaps.organizationId} = ${organizationId} and ${riskGaps.current}`
  return rowsOf<{ npi: string; name: string | null }>(
    await db.execute(sql`with recursive npis(npi) as (
        (select ${riskGaps.providerNpi} from ${riskGaps}
          where ${onGaps} and ${riskGaps.providerNpi} is not null order by 1 limit 1)
        union all
        select (select ${riskGaps.providerNpi} from ${riskGaps}
          where ${onGaps} and ${riskGaps.providerNpi} > npis.npi order by 1 limit 1)
        from npis where npis.npi is not null)
      select npi, (select ${riskGaps.providerName} from ${riskGaps}
          where ${onGaps} and ${riskGaps.providerNpi} = npis.npi and ${riskGaps.providerName} is not null limit 1) as name
      from npis where npi is not null limit 500`),
  )
}

/** The organisation's active TINs the caller works under, and the providers named on its current gaps. */
export async function gapFilterOptions(db: DbOrTx, principal: Principal) {
  if (!principal.organizationId) return { tins: [], providers: [] }
  const [tinRows, providerRows] = await Promise.all([
    db
      .select({ id: tins.id, name: tins.providerOrgName, masked: tins.identifierMasked })
      .from(tins)
      .where(and(eq(tins.organizationId, principal.organizationId), eq(tins.isActive, true)))
      .orderBy(asc(tins.providerOrgName)),
    providersOnGaps(db, principal.organizationId),
  ])
  const visible = principal.allTins ? tinRows : tinRows.filter((tin) => principal.tinIds.includes(tin.id))
  return {
    tins: visible,
    providers: providerRows.sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '')),
  }
}

export async function findVisibleGap(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  id: string,
): Promise<ListedGap | null> {
  const [row] = await db
    .select({
      gap: riskGaps,
      patientName: patients.fullName,
      tin: tins.providerOrgName,
      partDScore,
      dataLimitations: riskGapPatients.dataLimitations,
    })
    .from(riskGaps)
    .innerJoin(patients, eq(patients.id, riskGaps.patientId))
    .leftJoin(tins, eq(tins.id, patients.tinId))
    .leftJoin(riskGapPatients, eq(riskGapPatients.patientId, riskGaps.patientId))
    .where(and(eq(riskGaps.id, id), visibleGaps(principal, now)))
  return row ?? null
}

export async function updateGapStatus(
  db: DbOrTx,
  id: string,
  change: Pick<RiskGapRow, 'status' | 'statusReason' | 'deferUntil' | 'statusChangedAt' | 'statusChangedBy'>,
): Promise<RiskGapRow | null> {
  const [row] = await db.update(riskGaps).set(change).where(eq(riskGaps.id, id)).returning()
  return row ?? null
}

export type ReopenedGap = {
  id: string
  patient_id: string
  defer_until: string
  type: string
  hcc: string | null
}

/**
 * Opens the organisation's deferred gaps whose date has come (`defer_until` on or before `today`) and returns
 * them with the date they were deferred to. Rows another transaction is reopening are skipped, so each gap is
 * reopened (and audited) once.
 */
export async function reopenDueDeferrals(
  db: DbOrTx,
  organizationId: string,
  today: string,
  at: Date,
): Promise<ReopenedGap[]> {
  return rowsOf<ReopenedGap>(
    await db.execute(sql`with due as (
        select ${riskGaps.id} as id, ${riskGaps.deferUntil} as defer_until from ${riskGaps}
        where ${riskGaps.organizationId} = ${organizationId} and ${riskGaps.current}
          and ${riskGaps.status} = 'deferred' and ${riskGaps.deferUntil} <= ${today}::date
        for update skip locked)
      update ${riskGaps} set status = 'open', status_reason = null, defer_until = null,
        status_changed_at = ${at.toISOString()}::timestamptz, status_changed_by = null
      from due where ${riskGaps.id} = due.id
      returning ${riskGaps.id} as id, ${riskGaps.patientId} as patient_id, due.defer_until::text as defer_until,
        ${riskGaps.type} as type, ${riskGaps.hcc} as hcc`),
  )
}

/** One patient's current gaps (every status) by value, and their Part D summary. */
export async function patientGapRows(db: DbOrTx, patientId: string) {
  const [rows, [summary]] = await Promise.all([
    db
      .select({
        gap: riskGaps,
        patientName: patients.fullName,
        tin: tins.providerOrgName,
        partDScore,
        dataLimitations: riskGapPatients.dataLimitations,
      })
      .from(riskGaps)
      .innerJoin(patients, eq(patients.id, riskGaps.patientId))
      .leftJoin(tins, eq(tins.id, patients.tinId))
      .leftJoin(riskGapPatients, eq(riskGapPatients.patientId, riskGaps.patientId))
      .where(and(eq(riskGaps.patientId, patientId), eq(riskGaps.current, true)))
      .orderBy(...byValue),
    db.select().from(riskGapPatients).where(eq(riskGapPatients.patientId, patientId)),
  ])
  return { rows, summary: summary ?? null }
}
