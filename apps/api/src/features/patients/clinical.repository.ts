// Reads of the clinical data the Medicare pull stored, in the order the screens show it.
import type { PartDScore } from '@blueconsent/contract/risk-gaps'
import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import { readAll, type DbOrTx } from '../../platform/db/client.ts'
import {
  claimDiagnoses,
  claimLines,
  claims,
  medications,
  released,
  riskScores,
} from '../../platform/db/schema/clinical.ts'
import { riskGapPatients } from '../../platform/db/schema/risk-gaps.ts'

// The screens never show the raw FHIR resource Blue Button sent (only the export does), and it is most of a
// row's bytes: reading and parsing it for every claim and fill was most of a patient record's cost under
// load. Medications need none of their JSON.
const { resource: _claimResource, ...claimColumns } = getTableColumns(claims)
const {
  resource: _medicationResource,
  record: _medicationRecord,
  ...medicationColumns
} = getTableColumns(medications)

export type ListedClaim = Omit<typeof claims.$inferSelect, 'resource'>
export type ListedMedication = Omit<typeof medications.$inferSelect, 'resource' | 'record'>

export type ClaimWithChildren = {
  claim: ListedClaim
  diagnoses: (typeof claimDiagnoses.$inferSelect)[]
  lines: (typeof claimLines.$inferSelect)[]
}

export async function listClaims(db: DbOrTx, patientId: string): Promise<ClaimWithChildren[]> {
  const rows = await db
    .select(claimColumns)
    .from(claims)
    .where(and(eq(claims.patientId, patientId), released(claims)))
    .orderBy(sql`${claims.billableEnd} desc nulls last`, claims.resourceId)
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [diagnoses, lines] = await readAll(db, [
    () =>
      db
        .select()
        .from(claimDiagnoses)
        .where(inArray(claimDiagnoses.claimId, ids))
        .orderBy(claimDiagnoses.sequence),
    () => db.select().from(claimLines).where(inArray(claimLines.claimId, ids)).orderBy(claimLines.sequence),
  ])
  const diagnosesByClaim = groupByClaim(diagnoses)
  const linesByClaim = groupByClaim(lines)
  return rows.map((claim) => ({
    claim,
    diagnoses: diagnosesByClaim.get(claim.id) ?? [],
    lines: linesByClaim.get(claim.id) ?? [],
  }))
}

function groupByClaim<T extends { claimId: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) groups.set(row.claimId, [...(groups.get(row.claimId) ?? []), row])
  return groups
}

export async function listMedications(db: DbOrTx, patientId: string): Promise<ListedMedication[]> {
  return db
    .select(medicationColumns)
    .from(medications)
    .where(and(eq(medications.patientId, patientId), released(medications)))
    .orderBy(sql`${medications.fillDate} desc nulls last`, medications.resourceId)
}

export type RiskScoreRow = typeof riskScores.$inferSelect

export async function latestRiskScore(db: DbOrTx, patientId: string): Promise<RiskScoreRow | undefined> {
  const [row] = await db
    .select()
    .from(riskScores)
    .where(and(eq(riskScores.patientId, patientId), released(riskScores)))
    .orderBy(desc(riskScores.calculatedAt))
    .limit(1)
  return row
}

/**
 * The Part D (RxHCC) score the gap computation stored with its trace (null: none computed yet). Read from the
 * table here rather than through the risk-gaps feature, which itself reads patients through this feature.
 */
export async function storedPartDScore(db: DbOrTx, patientId: string): Promise<PartDScore | null> {
  const [row] = await db
    .select({ partD: riskGapPatients.partD })
    .from(riskGapPatients)
    .where(eq(riskGapPatients.patientId, patientId))
  return (row?.partD as PartDScore | null | undefined) ?? null
}
