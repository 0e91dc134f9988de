// The risk score's caveats as a clinician reads them. The engine explains each assumption in modelling terms
// ('needs MDS', 'OREC'); those notes stay in the panel's technical detail, and these sentences say what was
// assumed and why, in the clinic's words.
import { claimNumber, claimTypeLabel, type RiskScore } from '@blueconsent/contract/patients'
import { ownValue } from '@blueconsent/contract/shared'
import { formatLongDate } from './format.ts'

type Defaulted = RiskScore['defaulted'][number]

const ASSUMPTIONS: Record<string, string> = {
  lti: 'Scored as living in the community: Medicare’s data does not say whether the patient lives in a nursing home.',
  dual: 'Scored as not also covered by Medicaid: Medicare’s data does not say whether the patient has Medicaid.',
  newEnrollee:
    'Scored as enrolled in Medicare for more than a year: the data does not show when the patient’s Part B coverage began.',
  snp: 'Scored as not in a Special Needs Plan: Medicare’s data does not show Special Needs Plan enrolment.',
  esrd: 'Scored as not having end-stage kidney disease: the data does not say whether the patient is on dialysis or has had a kidney transplant.',
}

const OREC_BY_AGE =
  'Scored as qualifying for Medicare by age: the data does not say how the patient first qualified.'
const OREC_BY_DISABILITY =
  'Scored as qualifying for Medicare through a disability, because the patient is under 65: please confirm this with the patient.'

/** What the score assumed in place of one missing fact, in a sentence; the engine's own note is not shown. */
export function assumptionText(item: Defaulted): string {
  if (item.input === 'orec') return /disab/i.test(item.reason) ? OREC_BY_DISABILITY : OREC_BY_AGE
  if (item.input === 'maMonths') return COMPLETENESS.unknown
  return ownValue(ASSUMPTIONS, item.input) ?? `Scored with an assumed value for ${item.input}.`
}

const COMPLETENESS: Record<Exclude<RiskScore['completeness']['status'], 'complete'>, string> = {
  unknown:
    'The score may be too low: we cannot tell whether the patient spent part of the year in a Medicare Advantage plan, and diagnoses from such months are not in this data.',
  incomplete:
    'The score is likely too low: the patient was in a Medicare Advantage plan for part of the year, and diagnoses from those months are not in this data.',
}

/** The sentences a reader needs before trusting the score: data gaps first, then each assumption once. */
export function scoreCaveats(risk: Pick<RiskScore, 'completeness' | 'defaulted'>): string[] {
  const status = risk.completeness.status
  const gap = status === 'complete' ? [] : [COMPLETENESS[status]]
  // The missing Medicare Advantage months are the data gap above; saying so again would repeat it.
  const assumptions = risk.defaulted
    .filter((item) => item.input !== 'maMonths' || status === 'complete')
    .map(assumptionText)
  return [...new Set([...gap, ...assumptions])]
}

type Source = RiskScore['hccs'][number]['diagnoses'][number]['sources'][number]

/** 'a physician/supplier claim of Mar 4, 2026' or '… from Mar 4, 2026 to Mar 6, 2026'. */
export function sourceText(source: Source): string {
  const label = claimTypeLabel(source.claim_type)
  // A type without words (a newer code) keeps its capitals.
  const kind = `${label === source.claim_type ? label : label.toLowerCase()} claim`
  if (!source.from) return `a ${kind}`
  const from = formatLongDate(source.from)
  if (!source.through || source.through === source.from) return `a ${kind} of ${from}`
  return `a ${kind} from ${from} to ${formatLongDate(source.through)}`
}

/** The claim a diagnosis came from, as its number is quoted to Medicare or a biller. */
export const sourceClaimText = (source: Source): string => `Claim ${claimNumber(source.claim_id)}`
