// Public API of the CMS risk adjustment engine: CMS-HCC V24 and V28 (payment years 2024-2026), the Part D
// RxHCC V08 model (segment X) and the ESRD V24 model (payment year 2026).
export { scoreBeneficiary, scorePaymentYear, scoreCompact, ENGINE_NAME, type CompactScore } from './score.ts'
export { scoreFromClaims, type ClaimsBeneficiary } from './from-claims.ts'
export {
  eligibleDiagnoses,
  isEligibleHcpcs,
  normalizeBillType,
  throughDate,
  type EligibilityOptions,
  type EligibleDiagnosesResult,
} from './eligibility.ts'
export { HccInputError } from './resolve.ts'
export { normalizeCode } from './engine.ts'
export { mappedCodes } from './model-tables.ts'
export {
  ageOnFeb1,
  dualStatus,
  segmentLabel,
  type DemographicInput,
  type DualStatus,
} from './demographics.ts'
export {
  PAYMENT_YEARS,
  PAYMENT_YEAR_LIST,
  isPaymentYear,
  formatThousandths,
  paymentFromRaw,
  type PaymentFromRaw,
  type PaymentYearConfig,
  type YearBlend,
} from './payment.ts'
export {
  processLine,
  parseArgs,
  CSV_HEADER,
  type CliModel,
  type CliOptions,
  type LineResult,
} from './cli-core.ts'
export {
  scoreRxHcc,
  scoreRxHccCompact,
  rxSegment,
  rxSegmentLabel,
  rxLowIncome,
  rxMappedCodes,
  RX_NORMALIZATION,
  type PartDPlan,
  type RxCompactScore,
  type RxHccInput,
  type RxHccScore,
  type RxNormalized,
  type RxSegment,
} from './rxhcc.ts'
export {
  scoreEsrd,
  scoreEsrdCompact,
  esrdSegment,
  esrdSegmentLabel,
  esrdMappedCodes,
  ESRD_NORMALIZATION,
  type EsrdCompactScore,
  type EsrdInput,
  type EsrdScore,
  type EsrdSegment,
} from './esrd.ts'
export type { CategoryExplanation, DroppedCategory } from './other-engine.ts'
export type * from './types.ts'
export {
  choosePartCModel,
  esrdStatus,
  type EsrdStatusSource,
  type ModelChoice,
  type PartCModel,
} from './model-choice.ts'
