// The Part C risk score computed from the pulled claims, coverage and demographics after each pull: CMS-HCC,
// or the ESRD model when Medicare's Coverage records ESRD status (dialysis, or a functioning graft with the
// months since the kidney transplant when the claims show it).
import type { ClaimRecord, CoverageSummary, PatientRecord } from '@blueconsent/bluebutton'
import {
  ageOnFeb1,
  choosePartCModel,
  eligibleDiagnoses,
  normalizeCode,
  scoreEsrd,
  scoreFromClaims,
  throughDate,
  type ModelChoice,
  type PaymentYear,
  type Sex,
} from '@blueconsent/hcc'
import { shortHistoryLimitation } from '@blueconsent/contract/shared'
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

/** Kidney transplant surgery: CPT on a line, ICD-10-PCS on an inpatient claim, or the kidney transplant DRG. */
const TRANSPLANT_CPT = new Set(['50360', '50365'])
const TRANSPLANT_PCS = new Set(['0TY00Z0', '0TY00Z1', '0TY00Z2', '0TY10Z0', '0TY10Z1', '0TY10Z2'])
const TRANSPLANT_DRG = new Set(['652', '008'])
/** Kidney transplant status (Z94.0): a functioning graft whose transplant may predate the record. */
const KIDNEY_TRANSPLANT_STATUS = 'Z940'

export type KidneyStatus = {
  /** Months since the transplant, the transplant month being 1; null on dialysis. */
  graftMonths: number | null
  /** Why: the dated transplant, the status code's first date, or no sign of a transplant. */
  basis: string
}

const monthIndex = (iso: string): number => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1

/** Months from `from`'s month to `now`'s month, counting both (the same month is month 1). */
const monthsSince = (from: string, now: Date): number =>
  Math.max(1, monthIndex(now.toISOString()) - monthIndex(from) + 1)

function transplantDate(claim: ClaimRecord): string | null {
  const procedure = claim.procedures.find((p) => TRANSPLANT_PCS.has(p.code.replace('.', '').toUpperCase()))
  if (procedure) return procedure.date ?? claim.billablePeriod.start ?? throughDate(claim)
  const line = claim.lines.find((l) => l.hcpcs !== null && TRANSPLANT_CPT.has(l.hcpcs))
  if (line) return line.serviceStart ?? claim.billablePeriod.start ?? throughDate(claim)
  if (claim.claimType === 'INPATIENT' && claim.drg !== null && TRANSPLANT_DRG.has(claim.drg.padStart(3, '0')))
    return claim.billablePeriod.start ?? throughDate(claim)
  return null
}

/**
 * An ESRD beneficiary's kidney status from their claims. The newest dated transplant gives the graft's months;
 * without one, the first claim coding kidney transplant status (Z94.0) shows a graft at least that old, so its
 * months count from that claim (a lower bound, said in `basis`); with neither the beneficiary is on dialysis.
 * A transplant dated after `now` (a data error) is ignored.
 */
export function kidneyStatus(claims: readonly ClaimRecord[], now: Date): KidneyStatus {
  const today = now.toISOString().slice(0, 10)
  const transplants = claims
    .map(transplantDate)
    .filter((d): d is string => d !== null && d <= today)
    .sort()
  const newest = transplants.at(-1)
  if (newest) {
    const months = monthsSince(newest, now)
    return {
      graftMonths: months,
      basis: `kidney transplant on ${newest}: month ${months} since the transplant`,
    }
  }
  const statusDates = claims
    .filter((c) =>
      c.diagnoses.some((d) => d.system === 'icd10' && normalizeCode(d.code) === KIDNEY_TRANSPLANT_STATUS),
    )
    .map((c) => c.billablePeriod.start ?? throughDate(c))
    .filter((d): d is string => d !== null && d <= today)
    .sort()
  const first = statusDates[0]
  if (first) {
    // A transplant within the last three months would be in the record beside its status code; without one
    // the graft is scored as functioning (month 4 at least), never as a transplant month.
    const months = Math.max(monthsSince(first, now), 4)
    return {
      graftMonths: months,
      basis: `kidney transplant status (Z94.0) coded since ${first}, transplant date not in the record: scored as a functioning graft of at least ${months} months`,
    }
  }
  return { graftMonths: null, basis: 'no kidney transplant in the record: scored as dialysis' }
}

/** The Part C model Medicare's ESRD status in Coverage calls for. */
export function partCModelChoice(coverage: CoverageSummary | null): ModelChoice {
  return choosePartCModel({
    msCode: coverage?.medicareStatusCode ?? null,
    esrdIndicator: coverage?.esrd === true ? 'Y' : coverage?.esrd === false ? 'N' : null,
  })
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
  const choice = partCModelChoice(coverage)
  const short = shortHistoryLimitation(
    claims.map((c) => c.billablePeriod.start ?? throughDate(c)),
    now,
  )
  const dataLimitations = short ? [short] : []
  if (choice.model === 'ESRD-V24') {
    // The ESRD model has PY2026 tables only, so an ESRD score is that year's.
    const esrdYear = 2026
    const kidney = kidneyStatus(claims, now)
    const eligible = eligibleDiagnoses(claims, { paymentYear: esrdYear })
    const esrd = scoreEsrd(
      {
        sex: demographics.sex,
        age: ageOnFeb1(demographics.birthDate, esrdYear) ?? result.beneficiary.age,
        orec: result.beneficiary.orec,
        dual: result.beneficiary.dual,
        lti: result.beneficiary.lti,
        newEnrollee: result.beneficiary.newEnrollee,
        graftMonths: kidney.graftMonths,
      },
      eligible.diagnoses.map((d) => d.code),
    )
    return {
      model: esrd.model,
      paymentYear: esrdYear,
      score: esrd.paymentScore.toFixed(3),
      segment: esrd.segment,
      result: {
        ...result,
        modelChoice: { ...choice, reason: `${choice.reason}; ${kidney.basis}` },
        esrd,
        dataLimitations,
      },
    }
  }
  const model = primaryModel(result)
  return {
    model: model?.model ?? 'unknown',
    paymentYear,
    score: result.paymentScore.toFixed(3),
    segment: model?.segment ?? 'unknown',
    result: { ...result, modelChoice: choice, dataLimitations },
  }
}
