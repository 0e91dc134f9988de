// Which claim diagnoses count for risk adjustment (CMS encounter/FFS filtering logic):
// inpatient bill types keep every diagnosis; outpatient bill types and professional claims need a
// line with a risk-adjustment-eligible CPT/HCPCS code for that service year; DME, SNF, home health,
// hospice and Part D never count; audio-only telehealth lines (modifier 93/FQ) never count.
import { ELIGIBLE_HCPCS } from './tables/eligible-hcpcs.ts'
import { normalizeCode } from './engine.ts'
import type { PaymentYear } from './model-data.ts'
import type { DiagnosisEvidence, DiagnosisSource, ExcludedClaim, RiskAdjustmentClaim } from './types.ts'

const INPATIENT_BILL_TYPES = new Set(['11', '41'])
const OUTPATIENT_BILL_TYPES = new Set(['12', '13', '43', '71', '73', '76', '77', '85', '87'])
const EXCLUDED_BILL_TYPES: Readonly<Record<string, string>> = {
  '21': 'skilled nursing facility bill type (21X)',
  '22': 'skilled nursing facility bill type (22X)',
  '32': 'home health bill type (32X)',
  '33': 'home health bill type (33X)',
  '81': 'hospice bill type (81X)',
  '82': 'hospice bill type (82X)',
}
const EXCLUDED_CLAIM_TYPES: Readonly<Partial<Record<RiskAdjustmentClaim['claimType'], string>>> = {
  DME: 'DME claim',
  SNF: 'skilled nursing facility claim',
  HHA: 'home health claim',
  HOSPICE: 'hospice claim',
  PDE: 'Part D event (no diagnoses)',
}
const AUDIO_ONLY_MODIFIERS = new Set(['93', 'FQ'])
const CANCELLED_STATUSES = new Set(['cancelled', 'entered-in-error'])

let eligibleByYear: Map<number, Set<string>> | null = null

function eligibleSet(year: number): Set<string> {
  if (!eligibleByYear) {
    eligibleByYear = new Map(ELIGIBLE_HCPCS.years.map((y) => [y, new Set<string>()]))
    for (const line of ELIGIBLE_HCPCS.groups.split('\n')) {
      const [mask, ...codes] = line.split(' ')
      ELIGIBLE_HCPCS.years.forEach((y, i) => {
        if ((Number(mask) & (1 << i)) !== 0) for (const c of codes) eligibleByYear?.get(y)?.add(c)
      })
    }
  }
  // Years outside the shipped lists use the nearest list.
  const years = ELIGIBLE_HCPCS.years
  const first = years[0] as number
  const last = years[years.length - 1] as number
  return eligibleByYear.get(Math.min(Math.max(year, first), last)) as Set<string>
}

/** True when the CPT/HCPCS code is on CMS's risk-adjustment-eligible list for that service year. */
export function isEligibleHcpcs(code: string, serviceYear: number): boolean {
  return eligibleSet(serviceYear).has(code.trim().toUpperCase())
}

export interface EligibilityOptions {
  /** Payment year; the data-collection year is the year before. */
  paymentYear?: PaymentYear
  /** Calendar year of the dates of service (overrides paymentYear - 1). */
  collectionYear?: number
}

export interface EligibleDiagnosesResult {
  collectionYear: number
  /** Normalised codes (deduplicated) with the claims they came from. */
  diagnoses: DiagnosisEvidence[]
  sourcesByCode: Record<string, DiagnosisSource[]>
  claimsKept: string[]
  claimsExcluded: ExcludedClaim[]
}

export function eligibleDiagnoses(
  claims: readonly RiskAdjustmentClaim[],
  options: EligibilityOptions,
): EligibleDiagnosesResult {
  const collectionYear = options.collectionYear ?? (options.paymentYear ?? 2026) - 1
  const sourcesByCode: Record<string, DiagnosisSource[]> = {}
  const claimsKept: string[] = []
  const claimsExcluded: ExcludedClaim[] = []
  for (const claim of claims) {
    const reason = exclusionReason(claim, collectionYear)
    if (reason !== null) {
      claimsExcluded.push({ claimId: claim.id, claimType: claim.claimType, reason })
      continue
    }
    claimsKept.push(claim.id)
    addDiagnoses(claim, sourcesByCode)
  }
  const diagnoses = Object.keys(sourcesByCode)
    .sort()
    .map((code) => ({ code, sources: sourcesByCode[code] ?? [], edit: null }))
  return { collectionYear, diagnoses, sourcesByCode, claimsKept, claimsExcluded }
}

function addDiagnoses(claim: RiskAdjustmentClaim, sourcesByCode: Record<string, DiagnosisSource[]>): void {
  const source: DiagnosisSource = {
    claimId: claim.id,
    claimType: claim.claimType,
    from: claim.billablePeriod.start,
    through: throughDate(claim),
  }
  for (const dx of claim.diagnoses) {
    if (dx.system !== 'icd10' || typeof dx.code !== 'string') continue
    const code = normalizeCode(dx.code)
    if (code === '') continue
    const list = sourcesByCode[code] ?? (sourcesByCode[code] = [])
    if (!list.some((s) => s.claimId === claim.id)) list.push(source)
  }
}

/** The claim's through date: billable period end, else start, else the latest line date. */
export function throughDate(claim: RiskAdjustmentClaim): string | null {
  if (claim.billablePeriod.end) return claim.billablePeriod.end
  if (claim.billablePeriod.start) return claim.billablePeriod.start
  const dates = claim.lines
    .map((l) => l.serviceEnd ?? l.serviceStart)
    .filter((d): d is string => typeof d === 'string')
  return dates.length > 0 ? (dates.sort()[dates.length - 1] ?? null) : null
}

function yearOf(date: string | null): number | null {
  const m = date ? /^(\d{4})-/.exec(date) : null
  return m ? Number(m[1]) : null
}

function exclusionReason(claim: RiskAdjustmentClaim, collectionYear: number): string | null {
  const status = (claim as { status?: unknown }).status
  if (typeof status === 'string' && CANCELLED_STATUSES.has(status.toLowerCase())) return 'cancelled claim'
  const excludedType = EXCLUDED_CLAIM_TYPES[claim.claimType]
  if (excludedType) return excludedType
  const through = throughDate(claim)
  const year = yearOf(through)
  if (year === null) return 'no service date'
  if (year !== collectionYear)
    return `through date ${through} is outside the data-collection year ${collectionYear}`
  if (claim.claimType === 'CARRIER')
    return hasEligibleLine(claim, year) ? null : 'no line with a risk-adjustment-eligible CPT/HCPCS code'
  if (claim.claimType === 'INPATIENT' || claim.claimType === 'OUTPATIENT')
    return institutionalReason(claim, year)
  return `claim type ${String(claim.claimType)} is not risk-adjustment eligible`
}

function institutionalReason(claim: RiskAdjustmentClaim, year: number): string | null {
  const billType = normalizeBillType(claim.typeOfBill)
  if (billType === null) {
    // Blue Button inpatient claims (type 60) are hospital inpatient stays; outpatient ones need a line check.
    if (claim.claimType === 'INPATIENT') return null
    return hasEligibleLine(claim, year) ? null : 'no line with a risk-adjustment-eligible CPT/HCPCS code'
  }
  if (INPATIENT_BILL_TYPES.has(billType)) return null
  const excluded = EXCLUDED_BILL_TYPES[billType]
  if (excluded) return excluded
  if (!OUTPATIENT_BILL_TYPES.has(billType)) return `bill type ${billType}X is not risk-adjustment eligible`
  return hasEligibleLine(claim, year)
    ? null
    : `outpatient bill type ${billType}X without a risk-adjustment-eligible CPT/HCPCS line`
}

/** '0111' / '111' / '11X' -> '11' (facility type + service classification); null if unusable. */
export function normalizeBillType(typeOfBill: string | null): string | null {
  if (typeof typeOfBill !== 'string') return null
  let t = typeOfBill.trim().toUpperCase()
  if (t.length === 4 && t.startsWith('0')) t = t.slice(1)
  return /^\d\d/.test(t) ? t.slice(0, 2) : null
}

function hasEligibleLine(claim: RiskAdjustmentClaim, claimYear: number): boolean {
  return claim.lines.some((line) => {
    if (!line.hcpcs) return false
    if (line.modifiers.some((mod) => AUDIO_ONLY_MODIFIERS.has(mod.trim().toUpperCase()))) return false
    const lineYear = yearOf(line.serviceEnd ?? line.serviceStart) ?? claimYear
    return isEligibleHcpcs(line.hcpcs, lineYear)
  })
}
