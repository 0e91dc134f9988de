// Reads of the clinical data the Medicare pull stored, in the order the screens show it.
import { desc, eq, inArray, sql } from 'drizzle-orm'
import { readAll, type DbOrTx } from '../../db/client.ts'
import { claimDiagnoses, claimLines, claims, medications, riskScores } from '../../db/schema/clinical.ts'

export type ClaimWithChildren = {
  claim: typeof claims.$inferSelect
  diagnoses: (typeof claimDiagnoses.$inferSelect)[]
  lines: (typeof claimLines.$inferSelect)[]
}

export async function listClaims(db: DbOrTx, patientId: string): Promise<ClaimWithChildren[]> {
  const rows = await db
    .select()
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

export async function listMedications(
  db: DbOrTx,
  patientId: string,
): Promise<(typeof medications.$inferSelect)[]> {
  return db
    .select()
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
