// Upserts of mapped Blue Button records. Released rows key on (patient_id, resource_id), a held pull's on
// (held_run_id, resource_id), and a claim's diagnoses, procedures and lines are replaced with it, so running
// a pull twice changes nothing. A held pull's rows are released over the patient's or deleted, by run.
import type {
  BlueButtonApiVersion,
  ClaimRecord,
  CoverageRecord,
  MedicationRecord,
  ProviderRef,
} from '@blueconsent/bluebutton'
import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import {
  claimDiagnoses,
  claimLines,
  claimProcedures,
  claims,
  coverages,
  medications,
  released,
  riskScores,
} from '../../platform/db/schema/clinical.ts'

type Keyed = typeof claims | typeof coverages | typeof medications

/**
 * Where a row goes: the patient's released rows, or apart under the held run (quarantined), marked with the
 * Blue Button version that pulled it.
 */
export type Destination = { patientId: string; heldRunId: string | null; apiVersion: BlueButtonApiVersion }

/** The unique key an upsert lands on, the released one or the held run's (partial indexes, one each). */
const conflictTarget = (table: Keyed, heldRunId: string | null) =>
  heldRunId === null
    ? { target: [table.patientId, table.resourceId], targetWhere: sql`held_run_id is null` }
    : { target: [table.heldRunId, table.resourceId], targetWhere: sql`held_run_id is not null` }

type Json = Record<string, unknown>
const asJson = (value: object): Json => value as Json
const timestampOrNull = (value: string | null): Date | null => {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}
const numericOrNull = (value: number | null): string | null => (value === null ? null : String(value))
/** Only a real NPI (10 digits, check digit): CMS's sandbox fills in placeholders such as 999999999999999. */
const npiOrNull = (provider: ProviderRef | null | undefined): string | null =>
  provider?.npiValid ? provider.npi : null

export async function upsertCoverage(
  db: DbOrTx,
  { patientId, heldRunId, apiVersion }: Destination,
  record: CoverageRecord,
  resource: Json,
  now: Date,
): Promise<void> {
  const values = {
    part: record.part,
    status: record.status,
    periodStart: record.period.start,
    periodEnd: record.period.end,
    record: asJson(record),
    resource,
    sourceLastUpdated: timestampOrNull(record.lastUpdated),
    apiVersion,
    updatedAt: now,
  }
  await db
    .insert(coverages)
    .values({ patientId, heldRunId, resourceId: record.id, ...values })
    .onConflictDoUpdate({ ...conflictTarget(coverages, heldRunId), set: values })
}

export async function storedCoverageRecords(db: DbOrTx, patientId: string): Promise<CoverageRecord[]> {
  const rows = await db
    .select({ record: coverages.record })
    .from(coverages)
    .where(and(eq(coverages.patientId, patientId), released(coverages)))
  return rows.map((row) => row.record as unknown as CoverageRecord)
}

export async function upsertMedication(
  db: DbOrTx,
  { patientId, heldRunId, apiVersion }: Destination,
  record: MedicationRecord,
  resource: Json,
  now: Date,
): Promise<void> {
  const values = {
    ndc: record.ndc,
    drugName: record.name,
    fillDate: record.fillDate,
    daysSupply: record.daysSupply,
    endDate: record.endDate,
    quantity: numericOrNull(record.quantity),
    refillNumber: record.refillNumber,
    prescriberNpi: npiOrNull(record.prescriber),
    prescriberName: record.prescriber?.name ?? null,
    pharmacyName: record.pharmacy?.name ?? null,
    brandGeneric: record.brandGeneric,
    totalCostCents: record.amounts.totalCostCents,
    patientPayCents: record.amounts.patientPayCents,
    planPaidCents: record.amounts.planPaidCents,
    record: asJson(record),
    resource,
    sourceLastUpdated: timestampOrNull(record.lastUpdated),
    apiVersion,
    updatedAt: now,
  }
  await db
    .insert(medications)
    .values({ patientId, heldRunId, resourceId: record.id, ...values })
    .onConflictDoUpdate({ ...conflictTarget(medications, heldRunId), set: values })
}

export async function upsertClaim(
  db: DbOrTx,
  { patientId, heldRunId, apiVersion }: Destination,
  record: ClaimRecord,
  resource: Json,
  now: Date,
): Promise<void> {
  const values = {
    claimType: record.claimType,
    billableStart: record.billablePeriod.start,
    billableEnd: record.billablePeriod.end,
    typeOfBill: record.typeOfBill,
    providerNpi: npiOrNull(record.provider),
    providerName: record.provider?.name ?? null,
    submittedCents: record.amounts.submittedCents,
    allowedCents: record.amounts.allowedCents,
    medicarePaidCents: record.amounts.medicarePaidCents,
    patientPaysCents: record.amounts.patientPaysCents,
    record: asJson(record),
    resource,
    sourceLastUpdated: timestampOrNull(record.lastUpdated),
    apiVersion,
    updatedAt: now,
  }
  const [row] = await db
    .insert(claims)
    .values({ patientId, heldRunId, resourceId: record.id, ...values })
    .onConflictDoUpdate({ ...conflictTarget(claims, heldRunId), set: values })
    .returning({ id: claims.id })
  if (!row) throw new Error('claim upsert returned no row')
  await replaceClaimChildren(db, row.id, record)
}

// Positions, not CMS sequence numbers, key the child rows: sequences can be missing or repeated.
async function replaceClaimChildren(db: DbOrTx, claimId: string, record: ClaimRecord): Promise<void> {
  await db.delete(claimDiagnoses).where(eq(claimDiagnoses.claimId, claimId))
  await db.delete(claimProcedures).where(eq(claimProcedures.claimId, claimId))
  await db.delete(claimLines).where(eq(claimLines.claimId, claimId))
  if (record.diagnoses.length > 0) {
    await db.insert(claimDiagnoses).values(
      record.diagnoses.map((d, i) => ({
        claimId,
        sequence: i + 1,
        code: d.code,
        system: d.system,
        roles: [...d.roles],
      })),
    )
  }
  if (record.procedures.length > 0) {
    await db.insert(claimProcedures).values(
      record.procedures.map((p, i) => ({
        claimId,
        sequence: i + 1,
        code: p.code,
        system: p.system,
        performedOn: p.date,
      })),
    )
  }
  if (record.lines.length > 0) {
    await db.insert(claimLines).values(
      record.lines.map((line, i) => ({
        claimId,
        sequence: i + 1,
        hcpcs: line.hcpcs,
        modifiers: [...line.modifiers],
        serviceStart: line.serviceStart,
        serviceEnd: line.serviceEnd,
        quantity: numericOrNull(line.units),
        placeOfService: line.placeOfService,
        providerNpi: npiOrNull(line.performingProvider),
        submittedCents: line.amounts.submittedCents,
        allowedCents: line.amounts.allowedCents,
        medicarePaidCents: line.amounts.medicarePaidCents,
      })),
    )
  }
}

export async function storedClaimRecords(db: DbOrTx, patientId: string): Promise<ClaimRecord[]> {
  const rows = await db
    .select({ record: claims.record })
    .from(claims)
    .where(and(eq(claims.patientId, patientId), released(claims)))
  return rows.map((row) => row.record as unknown as ClaimRecord)
}

export type RunRow = typeof ingestionRuns.$inferSelect
export type RequestRow = typeof authorizationRequests.$inferSelect
export type PatientRow = typeof patients.$inferSelect

export async function insertQueuedRun(
  db: DbOrTx,
  run: { requestId: string; patientId: string; createdAt: Date },
): Promise<string> {
  const [row] = await db
    .insert(ingestionRuns)
    .values({ ...run, status: 'queued' })
    .returning({ id: ingestionRuns.id })
  if (!row) throw new Error('ingestion run insert returned no row')
  return row.id
}

/** A run with its request and patient, or null when any of them is gone. */
export async function findRunWithSubject(
  db: DbOrTx,
  runId: string,
): Promise<{ run: RunRow; request: RequestRow; patient: PatientRow; organizationActive: boolean } | null> {
  const [row] = await db
    .select({
      run: ingestionRuns,
      request: authorizationRequests,
      patient: patients,
      organizationActive: organizations.isActive,
    })
    .from(ingestionRuns)
    .innerJoin(authorizationRequests, eq(authorizationRequests.id, ingestionRuns.requestId))
    .innerJoin(patients, eq(patients.id, ingestionRuns.patientId))
    .innerJoin(organizations, eq(organizations.id, authorizationRequests.organizationId))
    .where(eq(ingestionRuns.id, runId))
  return row ?? null
}

/**
 * The organisation's runs held while it was deactivated (still queued, marked with `marker`), unmarked and
 * returned in one statement: a run whose job is still waiting is not marked, so it never gets a second job.
 */
export async function takeHeldRuns(db: DbOrTx, organizationId: string, marker: string): Promise<string[]> {
  const rows = await db
    .update(ingestionRuns)
    .set({ error: null })
    .where(
      and(
        eq(ingestionRuns.status, 'queued'),
        eq(ingestionRuns.error, marker),
        sql`${ingestionRuns.requestId} in (select ${authorizationRequests.id} from ${authorizationRequests}
          where ${authorizationRequests.organizationId} = ${organizationId})`,
      ),
    )
    .returning({ id: ingestionRuns.id })
  return rows.map((row) => row.id)
}

export async function updateRun(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof ingestionRuns.$inferInsert>,
): Promise<void> {
  await db.update(ingestionRuns).set(patch).where(eq(ingestionRuns.id, id))
}

/** What the request's newest pull that reached the claims saw of 42 CFR Part 2 sharing (null: not known). */
export async function requestPart2Shared(db: DbOrTx, requestId: string): Promise<boolean | null> {
  const [run] = await db
    .select({ part2Shared: ingestionRuns.part2Shared })
    .from(ingestionRuns)
    .where(and(eq(ingestionRuns.requestId, requestId), isNotNull(ingestionRuns.part2Shared)))
    .orderBy(desc(ingestionRuns.createdAt))
    .limit(1)
  return run?.part2Shared ?? null
}

/**
 * The patient's newest completed run: when it started (later pulls ask only for what changed since) and the
 * Blue Button version it pulled with.
 */
export async function lastCompletedRun(
  db: DbOrTx,
  patientId: string,
): Promise<{ startedAt: Date | null; apiVersion: BlueButtonApiVersion | null } | null> {
  const [previous] = await db
    .select({ startedAt: ingestionRuns.startedAt, apiVersion: ingestionRuns.apiVersion })
    .from(ingestionRuns)
    .where(and(eq(ingestionRuns.patientId, patientId), eq(ingestionRuns.status, 'completed')))
    .orderBy(desc(ingestionRuns.startedAt), desc(ingestionRuns.createdAt))
    .limit(1)
  return previous ?? null
}

export type RowsRemoved = { coverages: number; claims: number; medications: number }

/**
 * Deletes the patient's released rows last stored under another Blue Button version (or before versions were
 * recorded): after a whole pull under `apiVersion`, those are the ones CMS no longer sends under these ids
 * (claims take their lines and diagnoses with them).
 */
export async function deleteRowsOfOtherVersions(
  db: DbOrTx,
  patientId: string,
  apiVersion: BlueButtonApiVersion,
): Promise<RowsRemoved> {
  const removeFrom = async (table: Keyed): Promise<number> => {
    const rows = await db
      .delete(table)
      .where(
        and(
          eq(table.patientId, patientId),
          released(table),
          sql`${table.apiVersion} is distinct from ${apiVersion}`,
        ),
      )
      .returning({ id: table.id })
    return rows.length
  }
  return {
    coverages: await removeFrom(coverages),
    claims: await removeFrom(claims),
    medications: await removeFrom(medications),
  }
}

/**
 * Locks the run if it is still `running`: false once its worker finished it (a job handed on at pg-boss's
 * expiry finds it done).
 */
export async function lockRunStillRunning(tx: DbOrTx, runId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: ingestionRuns.id })
    .from(ingestionRuns)
    .where(and(eq(ingestionRuns.id, runId), eq(ingestionRuns.status, 'running')))
    .for('update')
  return rows.length > 0
}

/**
 * Locks every run of the request (in id order, so two finishing runs queue, never deadlock) and says whether
 * another of them completed after `since`: then this run pulled what that one already stored.
 */
export async function lockRunsAndFindCompletedSince(
  tx: DbOrTx,
  run: { id: string; requestId: string },
  since: Date,
): Promise<boolean> {
  const runs = await tx
    .select({ id: ingestionRuns.id, status: ingestionRuns.status, finishedAt: ingestionRuns.finishedAt })
    .from(ingestionRuns)
    .where(eq(ingestionRuns.requestId, run.requestId))
    .orderBy(asc(ingestionRuns.id))
    .for('update')
  return runs.some(
    (other) =>
      other.id !== run.id &&
      other.status === 'completed' &&
      other.finishedAt !== null &&
      other.finishedAt > since,
  )
}

export async function insertRiskScore(db: DbOrTx, row: typeof riskScores.$inferInsert): Promise<void> {
  await db.insert(riskScores).values(row)
}

/** Releases data held for review: the held run counts as completed once staff confirm the identity. */
export async function releaseHeldRuns(db: DbOrTx, requestId: string, at: Date): Promise<void> {
  await db
    .update(ingestionRuns)
    .set({
      status: 'completed',
      finishedAt: sql`coalesce(${ingestionRuns.finishedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(ingestionRuns.requestId, requestId), eq(ingestionRuns.status, 'held_for_review')))
}

/** The runs of a request held for review (whose rows are quarantined). */
const heldRunsOf = (requestId: string): SQL =>
  sql`(select ${ingestionRuns.id} from ${ingestionRuns} where ${ingestionRuns.requestId} = ${requestId} and ${ingestionRuns.status} = 'held_for_review')`

/**
 * Releases the rows the request's held runs quarantined: each replaces the patient's released row of the same
 * resource (the newer pull wins, as an upsert would have), then loses its tag.
 */
export async function releaseHeldRows(db: DbOrTx, requestId: string): Promise<void> {
  for (const table of [coverages, claims, medications] as const) {
    // A held pull is whole: under another Blue Button version than the patient's rows, it replaces all of them.
    await db.execute(sql`delete from ${table} as old using ${ingestionRuns} as run
      where run.request_id = ${requestId} and run.status = 'held_for_review' and run.api_version is not null
        and old.patient_id = run.patient_id and old.held_run_id is null
        and old.api_version is distinct from run.api_version`)
    await db.execute(sql`delete from ${table} as old using ${table} as held
      where held.held_run_id in ${heldRunsOf(requestId)} and old.held_run_id is null
        and old.patient_id = held.patient_id and old.resource_id = held.resource_id`)
    await db
      .update(table)
      .set({ heldRunId: null })
      .where(sql`${table.heldRunId} in ${heldRunsOf(requestId)}`)
  }
  await db
    .update(riskScores)
    .set({ heldRunId: null })
    .where(sql`${riskScores.heldRunId} in ${heldRunsOf(requestId)}`)
}

/** Deletes exactly what the request's held runs stored (claims take their lines and diagnoses with them). */
export async function deleteHeldRows(db: DbOrTx, requestId: string): Promise<number> {
  let deleted = 0
  for (const table of [coverages, claims, medications, riskScores] as const) {
    const rows = await db
      .delete(table)
      .where(and(isNotNull(table.heldRunId), sql`${table.heldRunId} in ${heldRunsOf(requestId)}`))
      .returning({ id: table.id })
    deleted += rows.length
  }
  return deleted
}

/** The request's runs held for review end failed: their data was rejected and deleted. */
export async function failHeldRuns(db: DbOrTx, requestId: string, at: Date, error: string): Promise<void> {
  await db
    .update(ingestionRuns)
    .set({ status: 'failed', error, finishedAt: at })
    .where(and(eq(ingestionRuns.requestId, requestId), eq(ingestionRuns.status, 'held_for_review')))
}

export async function findPatientRow(db: DbOrTx, id: string): Promise<PatientRow | undefined> {
  const [row] = await db.select().from(patients).where(eq(patients.id, id))
  return row
}
