// The pulled data of one patient in the contract's shapes, for readers outside this feature (the
// request's data endpoint). Callers decide whether the caller may see it; this only reads.
import type { AppContext } from '../../platform/context.ts'
import { latestRiskScore, listClaims, listMedications } from './clinical.repository.ts'
import { riskScoreView, toClaim, toMedication, type ClinicalData } from './clinical-views.ts'

/** Medications always; claims and the risk score only for readers who may see them (never agents). */
export async function readClinicalData(
  ctx: AppContext,
  patientId: string,
  options: { withClaimsAndRisk: boolean },
): Promise<ClinicalData> {
  const medications = await listMedications(ctx.db, patientId)
  if (!options.withClaimsAndRisk)
    return { medications: medications.map(toMedication), claims: [], riskScore: null }
  const claims = await listClaims(ctx.db, patientId)
  const risk = await latestRiskScore(ctx.db, patientId)
  return {
    medications: medications.map(toMedication),
    claims: claims.map(toClaim),
    riskScore: risk ? riskScoreView(risk) : null,
  }
}
