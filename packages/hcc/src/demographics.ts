// Demographic steps of the CMS-HCC model: age on 1 February of the payment year, disability
// status from OREC, Medicaid/dual status and the segment (coefficient column) to score with.
import type { Segment, Sex } from './types.ts'

const FULL_DUAL = new Set(['02', '04', '08'])
const PARTIAL_DUAL = new Set(['01', '03', '05', '06'])

export type DualStatus = 'full' | 'partial' | 'none'

const isDigitOrCapital = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90)

/** Normalises a dual code: '2' -> '02', trims, upper-cases; empty -> 'NA'. */
export function normalizeDual(code: string | null | undefined): string {
  // Codes as CMS writes them ('02', 'NA') are already normal: the bulk paths see little else.
  if (
    code &&
    code.length === 2 &&
    isDigitOrCapital(code.charCodeAt(0)) &&
    isDigitOrCapital(code.charCodeAt(1))
  )
    return code
  const c = (code ?? '').trim().toUpperCase()
  if (c === '') return 'NA'
  return /^\d$/.test(c) ? `0${c}` : c
}

export function dualStatus(code: string): DualStatus {
  if (FULL_DUAL.has(code)) return 'full'
  if (PARTIAL_DUAL.has(code)) return 'partial'
  return 'none'
}

/** Whole years on 1 February of the payment year, or null for an unparseable date. */
export function ageOnFeb1(birthDate: string, paymentYear: number): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate.trim())
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null
  const beforeFeb1 = mo > 2 || (mo === 2 && d > 1)
  return paymentYear - y - (beforeFeb1 ? 1 : 0)
}

export interface Demographics {
  age: number
  sex: Sex
  sexIndex: 0 | 1
  orec: string
  disabled: boolean
  originallyDisabled: boolean
  medicaid: boolean
  segment: Segment
  /** NE or SNPNE segment: single-year age cells, diagnoses carry no weight. */
  newEnrolleeSegment: boolean
}

export interface DemographicInput {
  age: number
  sex: Sex
  orec: string
  dual: string
  lti: boolean
  newEnrollee: boolean
  snp: boolean
}

// Constant strings (no template literals) so segment lookups hit V8's cached string hashes.
const COMMUNITY: ReadonlyArray<readonly [Segment, Segment]> = [
  ['CNA', 'CND'],
  ['CPA', 'CPD'],
  ['CFA', 'CFD'],
]
const NEW_ENROLLEE: readonly Segment[] = [
  'NE_NMCAID_NORIGDIS',
  'NE_MCAID_NORIGDIS',
  'NE_NMCAID_ORIGDIS',
  'NE_MCAID_ORIGDIS',
  'SNPNE_NMCAID_NORIGDIS',
  'SNPNE_MCAID_NORIGDIS',
  'SNPNE_NMCAID_ORIGDIS',
  'SNPNE_MCAID_ORIGDIS',
]

export function newDemographics(): Demographics {
  return {
    age: 0,
    sex: 'F',
    sexIndex: 0,
    orec: '0',
    disabled: false,
    originallyDisabled: false,
    medicaid: false,
    segment: 'CNA',
    newEnrolleeSegment: false,
  }
}

/** Derives the model demographics; pass `out` to reuse an object on hot paths. */
export function deriveDemographics(
  input: DemographicInput,
  out: Demographics = newDemographics(),
): Demographics {
  const { age, orec } = input
  // CMS: DISABL = age < 65 and OREC ne '0'; ORIGDS = OREC = '1' and not DISABL (OREC 3 excluded).
  const disabled = age < 65 && orec !== '0'
  const dual = dualStatus(input.dual)
  const medicaid = dual !== 'none'
  out.age = age
  out.sex = input.sex
  out.sexIndex = input.sex === 'F' ? 0 : 1
  out.orec = orec
  out.disabled = disabled
  out.originallyDisabled = orec === '1' && !disabled
  out.medicaid = medicaid
  out.newEnrolleeSegment = input.newEnrollee
  out.segment = chooseSegment(input, dual, medicaid)
  return out
}

function chooseSegment(input: DemographicInput, dual: DualStatus, medicaid: boolean): Segment {
  if (input.newEnrollee) {
    // NE "originally disabled" is age >= 65 with OREC 1.
    const origDis = input.age >= 65 && input.orec === '1'
    return NEW_ENROLLEE[(input.snp ? 4 : 0) + (origDis ? 2 : 0) + (medicaid ? 1 : 0)] as Segment
  }
  if (input.lti) return 'INS'
  // Aged vs disabled comes from age, not OREC.
  const pair = COMMUNITY[dual === 'full' ? 2 : dual === 'partial' ? 1 : 0] as readonly [Segment, Segment]
  return pair[input.age >= 65 ? 0 : 1]
}

/** New enrollees aged 64 with OREC 0 turn 65 during the payment year: CMS uses the 65 cell. */
export function newEnrolleeCellAge(age: number, orec: string): number {
  return age === 64 && orec === '0' ? 65 : age
}

const SEGMENT_LABELS: Record<string, string> = {
  CNA: 'Community, non-dual, aged',
  CND: 'Community, non-dual, disabled',
  CFA: 'Community, full-benefit dual, aged',
  CFD: 'Community, full-benefit dual, disabled',
  CPA: 'Community, partial-benefit dual, aged',
  CPD: 'Community, partial-benefit dual, disabled',
  INS: 'Long-term institutional',
}

export function segmentLabel(segment: Segment): string {
  const known = SEGMENT_LABELS[segment]
  if (known) return known
  const [prefix, mcaid, origdis] = segment.split('_')
  return [
    prefix === 'SNPNE' ? 'New enrollee in a chronic-condition SNP' : 'New enrollee',
    mcaid === 'MCAID' ? 'Medicaid' : 'non-Medicaid',
    origdis === 'ORIGDIS' ? 'originally disabled' : 'not originally disabled',
  ].join(', ')
}
