// Test helper (imported by *.int.test.ts only): how many clinical rows a patient has stored, to compare a
// pull with a reference pull (nothing missing, nothing stored twice).
import { count, eq } from 'drizzle-orm'
import type { DbOrTx } from '../platform/db/client.ts'
import {
  claimDiagnoses,
  claimLines,
  claims,
  medications,
  riskScores,
} from '../platform/db/schema/clinical.ts'

export type StoredCounts = {
  claims: number
  medications: number
  diagnoses: number
  lines: number
  riskScores: number
}

export async function storedCounts(db: DbOrTx, patientId: string): Promise<StoredCounts> {
  const [c] = await db.select({ n: count() }).from(claims).where(eq(claims.patientId, patientId))
  const [m] = await db.select({ n: count() }).from(medications).where(eq(medications.patientId, patientId))
  const [d] = await db
    .select({ n: count() })
    .from(claimDiagnoses)
    .innerJoin(claims, eq(claims.id, claimDiagnoses.claimId))
    .where(eq(claims.patientId, patientId))
  const [l] = await db
    .select({ n: count() })
    .from(claimLines)
    .innerJoin(claims, eq(claims.id, claimLines.claimId))
    .where(eq(claims.patientId, patientId))
  const [r] = await db.select({ n: count() }).from(riskScores).where(eq(riskScores.patientId, patientId))
  return {
    claims: c?.n ?? 0,
    medications: m?.n ?? 0,
    diagnoses: d?.n ?? 0,
    lines: l?.n ?? 0,
    riskScores: r?.n ?? 0,
  }
}
