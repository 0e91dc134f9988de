// Public API of the CMS-HCC risk adjustment engine (V24 and V28, payment years 2024-2026).
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
export { processLine, parseArgs, CSV_HEADER, type CliOptions, type LineResult } from './cli-core.ts'
export type * from './types.ts'
