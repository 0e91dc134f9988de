// Reads of the clinical data the Medicare pull stored, in the order the screens show it.
import { desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import { readAll, type DbOrTx } from '../../db/client.ts'
import { claimDiagnoses, claimLines, claims, medications, riskScores } from '../../db/schema/clinical.ts'

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
    .where(eq(claims.patientId, patientId))
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
    .where(eq(medications.patientId, patientId))
    .orderBy(sql`${medications.fillDate} desc nulls last`, medications.resourceId)
}

export type RiskScoreRow = typeof riskScores.$inferSelect

export async function latestRiskScore(db: DbOrTx, patientId: string): Promise<RiskScoreRow | undefined> {
  const [row] = await db
    .select()
    .from(riskScores)
    .where(eq(riskScores.patientId, patientId))
    .orderBy(desc(riskScores.calculatedAt))
    .limit(1)
  return row
}
