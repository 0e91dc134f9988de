// The CMS-HCC risk score from the pulled claims (issue 4's engine), and its shape on the data endpoint.
import type { ClaimRecord, CoverageSummary, PatientRecord } from '@blueconsent/bluebutton'
import {
  scoreFromClaims,
  type ModelScore,
  type PaymentYear,
  type RiskScoreResult,
  type Sex,
} from '@blueconsent/hcc'
import type { RiskScore } from '@blueconsent/contract'

export type Demographics = { sex: Sex | null; birthDate: string | null }

export type StoredRiskScore = {
  model: string
  paymentYear: number
  score: string
  segment: string
  result: RiskScoreResult
}

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

/** The model with the largest share of the year's blend (V28 from 2026). */
export function primaryModel(result: RiskScoreResult): ModelScore | undefined {
  const main = [...result.blend].sort((a, b) => b.weightPercent - a.weightPercent)[0]
  return result.models.find((model) => model.model === main?.model) ?? result.models[result.models.length - 1]
}

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

type Evidence = ModelScore['hccs'][number]['diagnoses'][number]
const evidence = (diagnoses: readonly Evidence[]) =>
  diagnoses.map((d) => ({
    code: d.code,
    sources: d.sources.map((s) => ({
      claim_id: s.claimId,
      claim_type: s.claimType,
      from: s.from,
      through: s.through,
    })),
  }))

export function toRiskScoreContract(row: StoredRiskScore & { calculatedAt: Date }): RiskScore | null {
  const model = primaryModel(row.result)
  if (!model) return null
  return {
    score: Number(row.score),
    calculation_date: row.calculatedAt.toISOString(),
    model: model.model,
    payment_year: row.paymentYear,
    segment: model.segment,
    segment_label: model.segmentLabel,
    raw_score: model.rawScore,
    normalized_score: model.normalizedScore,
    payment_score: row.result.paymentScore,
    hccs: model.hccs.map((h) => ({
      hcc: h.hcc,
      label: h.label,
      coefficient: h.coefficient,
      diagnoses: evidence(h.diagnoses),
      dropped: h.dropped,
    })),
    dropped_by_hierarchy: model.droppedByHierarchy.map((d) => ({
      hcc: d.hcc,
      label: d.label,
      dropped_by: d.droppedBy,
      diagnoses: evidence(d.diagnoses),
    })),
    terms: model.terms.map((t) => ({
      variable: t.variable,
      label: t.label,
      kind: t.kind,
      coefficient: t.coefficient,
    })),
    defaulted: row.result.defaulted.map((d) => ({ input: d.input, reason: d.reason })),
    completeness: { status: row.result.completeness.status, note: row.result.completeness.note },
    warnings: [...model.warnings, ...row.result.notes],
  }
}
