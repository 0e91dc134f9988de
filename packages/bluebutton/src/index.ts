// @blueconsent/bluebutton: CMS Blue Button 2.0 (v2 or v3, FHIR R4) client and FHIR-to-domain mappers.

export { BlueButtonClient } from './client.ts'
export {
  BLUEBUTTON_API_VERSIONS,
  DEFAULT_RETRY_POLICY,
  DEFAULT_TIMEOUT_MS,
  blueButtonEndpoints,
  type BlueButtonApiVersion,
  type BlueButtonClientConfig,
  type BlueButtonEndpoints,
  type FetchLike,
  type RetryPolicy,
  type Sleep,
} from './config.ts'
export {
  BlueButtonError,
  isBlueButtonError,
  type BlueButtonEndpoint,
  type BlueButtonErrorCode,
  type OperationOutcomeIssue,
} from './errors.ts'
export type { AuthorizationRequest, AuthorizationRequestOptions } from './oauth/oauth.ts'
export {
  DEFAULT_SCOPES,
  SCOPE_COVERAGE,
  SCOPE_EOB,
  SCOPE_PATIENT,
  SCOPE_PROFILE,
  grantedScopes,
  parseGrantExpiration,
  parseTokenResponse,
  type DataAccessType,
  type GrantedScopes,
  type TokenSet,
} from './oauth/token-response.ts'
export {
  MAX_PAGE_SIZE,
  PART2_EXCLUSION_PARAMETER,
  PART2_SECURITY_LABEL,
  readBundle,
  urlExcludesPart2,
  type AccessTokenSource,
  type BundlePage,
  type CoverageSearch,
  type ExplanationOfBenefitSearch,
  type FhirResource,
  type UserInfo,
} from './fhir/fhir.ts'

export { mapPatient } from './map/patient.ts'
export { mapCoverage, summarizeCoverage } from './map/coverage.ts'
export { mapClaim, normalizeCode } from './map/claim.ts'
export { mapMedication } from './map/medication.ts'
export { cleanDrugName } from './map/drug-name.ts'
export { mapExplanationOfBenefit } from './map/explanation-of-benefit.ts'
export { centsToDecimalString, toCents, type Cents } from './map/money.ts'
export { isValidNpi } from './map/fhir-read.ts'
export type { MappingIssue, MappingIssueCode, MappingResult } from './map/issues.ts'
export type {
  CareTeamMember,
  ClaimAmounts,
  ClaimDiagnosis,
  ClaimLine,
  ClaimProcedure,
  ClaimRecord,
  ClaimType,
  CoverageMonthly,
  CoverageRecord,
  CoverageSummary,
  DateRange,
  DiagnosisSystem,
  ExplanationOfBenefitType,
  Gender,
  HumanName,
  MappedExplanationOfBenefit,
  MedicarePart,
  MedicationAmounts,
  MedicationRecord,
  PatientRecord,
  ProviderRef,
} from './map/types.ts'
