// The CMS-HCC risk score computed from the pulled claims, coverage and demographics after each pull.
import type { ClaimRecord, CoverageSummary, PatientRecord } from '@blueconsent/bluebutton'
import { scoreFromClaims, type PaymentYear, type Sex } from '@blueconsent/hcc'
import { primaryModel, type StoredRiskScore } from '../patients/index.ts'

export type Demographics = { sex: Sex | null; birthDate: string | null }

/** The current year, clamped to the years the engine has tables for. */
export function paymentYearFor(now: Date): PaymentYear {
  const year = now.getUTCFullYear()
  return year <= 2024 ? 2024 : year >= 2026 ? 2026 : 2025
}

export function sexOf(gender: PatientRecord['gender'] | string | null | undefined): Sex | null {
  if (gender === 'female' || gender === 'F') return 'F'
  if (gender === 'male' || gender === 'M') return 'M'
  return null
}

const lastKnown = (values: readonly (string | null)[]): string | null =>
  [...values].reverse().find((value): value is string => value !== null && value !== '') ?? null

/** null when sex or birth date is unknown (demographics withheld and none on file): no score then. */
export function computeRiskScore(
  claims: readonly ClaimRecord[],
  demographics: Demographics,
  coverage: CoverageSummary | null,
  now: Date,
): StoredRiskScore | null {
  if (!demographics.sex || !demographics.birthDate) return null
  const paymentYear = paymentYearFor(now)
  const result = scoreFromClaims(
    claims,
    {
      sex: demographics.sex,
      birthDate: demographics.birthDate,
      orec: coverage?.orec ?? null,
      dual: coverage ? lastKnown(coverage.dualStatusByMonth) : null,
      esrd: coverage?.esrd ?? null,
      maMonths: coverage ? coverage.medicareAdvantageMonths.length : null,
    },
    { paymentYear },
  )
  const model = primaryModel(result)
  return {
    model: model?.model ?? 'unknown',
    paymentYear,
    score: result.paymentScore.toFixed(3),
    segment: model?.segment ?? 'unknown',
    result,
  }
}
