// Upserts of mapped Blue Button records. Everything keys on (patient_id, resource_id), and a claim's
// diagnoses, procedures and lines are replaced with it, so running a pull twice changes nothing.
import type { ClaimRecord, CoverageRecord, MedicationRecord, ProviderRef } from '@blueconsent/bluebutton'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { authorizationRequests } from '../../db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../db/schema/bluebutton.ts'
import { patients } from '../../db/schema/patients.ts'
import {
  claimDiagnoses,
  claimLines,
  claimProcedures,
  claims,
  coverages,
  medications,
  riskScores,
} from '../../db/schema/clinical.ts'

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
  patientId: string,
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
    updatedAt: now,
  }
  await db
    .insert(coverages)
    .values({ patientId, resourceId: record.id, ...values })
    .onConflictDoUpdate({ target: [coverages.patientId, coverages.resourceId], set: values })
}

export async function storedCoverageRecords(db: DbOrTx, patientId: string): Promise<CoverageRecord[]> {
  const rows = await db
    .select({ record: coverages.record })
    .from(coverages)
    .where(eq(coverages.patientId, patientId))
  return rows.map((row) => row.record as unknown as CoverageRecord)
}

export async function upsertMedication(
  db: DbOrTx,
  patientId: string,
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
    updatedAt: now,
  }
  await db
    .insert(medications)
    .values({ patientId, resourceId: record.id, ...values })
    .onConflictDoUpdate({ target: [medications.patientId, medications.resourceId], set: values })
}

export async function upsertClaim(
  db: DbOrTx,
  patientId: string,
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
    updatedAt: now,
  }
  const [row] = await db
    .insert(claims)
    .values({ patientId, resourceId: record.id, ...values })
    .onConflictDoUpdate({ target: [claims.patientId, claims.resourceId], set: values })
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
  const rows = await db.select({ record: claims.record }).from(claims).where(eq(claims.patientId, patientId))
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
): Promise<{ run: RunRow; request: RequestRow; patient: PatientRow } | null> {
  const [row] = await db
    .select({ run: ingestionRuns, request: authorizationRequests, patient: patients })
    .from(ingestionRuns)
    .innerJoin(authorizationRequests, eq(authorizationRequests.id, ingestionRuns.requestId))
    .innerJoin(patients, eq(patients.id, ingestionRuns.patientId))
    .where(eq(ingestionRuns.id, runId))
  return row ?? null
}

export async function updateRun(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof ingestionRuns.$inferInsert>,
): Promise<void> {
  await db.update(ingestionRuns).set(patch).where(eq(ingestionRuns.id, id))
}

/** When the patient's newest completed run started: later pulls ask only for what changed since. */
export async function lastCompletedRunStart(db: DbOrTx, patientId: string): Promise<Date | null> {
  const [previous] = await db
    .select({ startedAt: ingestionRuns.startedAt })
    .from(ingestionRuns)
    .where(and(eq(ingestionRuns.patientId, patientId), eq(ingestionRuns.status, 'completed')))
    .orderBy(desc(ingestionRuns.startedAt))
    .limit(1)
  return previous?.startedAt ?? null
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
