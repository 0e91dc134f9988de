// Claims in, stored result out: filter the Blue Button claims to risk-adjustment-eligible
// diagnoses, then score the payment year with provenance for every diagnosis.
import { eligibleDiagnoses } from './eligibility.ts'
import type { PaymentYear } from './model-data.ts'
import { scorePaymentYear } from './score.ts'
import type { BeneficiaryInput, RiskAdjustmentClaim, RiskScoreResult } from './types.ts'

export type ClaimsBeneficiary = Omit<BeneficiaryInput, 'diagnoses' | 'diagnosisSources'>

export function scoreFromClaims(
  claims: readonly RiskAdjustmentClaim[],
  beneficiary: ClaimsBeneficiary,
  options: { paymentYear: PaymentYear },
): RiskScoreResult {
  const eligible = eligibleDiagnoses(claims, { paymentYear: options.paymentYear })
  const result = scorePaymentYear(
    {
      ...beneficiary,
      diagnoses: eligible.diagnoses.map((d) => d.code),
      diagnosisSources: eligible.sourcesByCode,
    },
    options,
  )
  return {
    ...result,
    claims: {
      collectionYear: eligible.collectionYear,
      claimsSeen: claims.length,
      claimsKept: eligible.claimsKept,
      claimsExcluded: eligible.claimsExcluded,
      diagnoses: eligible.diagnoses,
    },
  }
}
