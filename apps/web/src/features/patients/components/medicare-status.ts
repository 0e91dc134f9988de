// Dual status and Medicare visits (the 'dual status' and 'Medicare visit' display options), read from data
// the page already loads: the risk model's segment (which CMS picks from the Medicaid/dual code of the
// enrolment data) and the fee-for-service claims.
import type { Claim, RiskScore } from '@blueconsent/contract/patients'
import { providerLabel } from '../../../components/patient-data/format.ts'

/** What the page says about dual eligibility, with where it comes from. */
export type DualStatus = { label: string; source: string }

const COMMUNITY_DUAL: Record<string, string> = {
  CNA: 'Not dual-eligible',
  CND: 'Not dual-eligible',
  CFA: 'Full-benefit dual (Medicare and Medicaid)',
  CFD: 'Full-benefit dual (Medicare and Medicaid)',
  CPA: 'Partial-benefit dual (Medicare Savings Program)',
  CPD: 'Partial-benefit dual (Medicare Savings Program)',
}

export function dualStatusOf(risk: RiskScore | null): DualStatus {
  if (!risk) return { label: 'Unknown', source: 'no risk score has been calculated yet' }
  const source = `risk model segment ${risk.segment}`
  // The engine records a missing dual code as a defaulted input and scores the patient as non-dual.
  if (risk.defaulted.some((item) => item.input === 'dual')) {
    return {
      label: 'Unknown (scored as not dual-eligible)',
      source: 'the Medicare data carried no dual status code',
    }
  }
  const community = COMMUNITY_DUAL[risk.segment]
  if (community) return { label: community, source }
  // New-enrollee segments only tell Medicaid from non-Medicaid (NE_MCAID_…, SNPNE_NMCAID_…).
  const medicaid = risk.segment.split('_')[1]
  if (medicaid === 'MCAID') return { label: 'Medicaid (dual-eligible)', source }
  if (medicaid === 'NMCAID') return { label: 'Not dual-eligible', source }
  // The institutional segment (INS) does not split by dual status.
  return {
    label: 'Not shown by the risk model segment',
    source: `risk model segment ${risk.segment} (${risk.segment_label})`,
  }
}

/** HCPCS codes of the Medicare preventive visits: Welcome to Medicare (IPPE) and the annual wellness visits. */
export const WELLNESS_VISIT_CODES: Record<string, string> = {
  G0402: 'Welcome to Medicare preventive visit',
  G0438: 'Annual wellness visit, initial',
  G0439: 'Annual wellness visit, subsequent',
}

/**
 * Evaluation-and-management codes by the kind of visit their range stands for, so '99283' reads as an
 * emergency department visit. Only the public category of each range is named, never a code's own
 * descriptor (CPT descriptors are the AMA's).
 */
const VISIT_CATEGORIES: readonly [from: number, to: number, category: string][] = [
  [99202, 99215, 'Office or outpatient visit'],
  [99221, 99239, 'Hospital inpatient visit'],
  [99242, 99255, 'Consultation'],
  [99281, 99288, 'Emergency department visit'],
  [99304, 99316, 'Nursing facility visit'],
  [99341, 99350, 'Home visit'],
  [99421, 99423, 'Online visit'],
  [99441, 99443, 'Telephone visit'],
]

/** A billed service as people read it: the visit's kind with its code ('Emergency department visit (CPT 99283)'). */
export function serviceLabel(code: string): string {
  const wellness = WELLNESS_VISIT_CODES[code]
  if (wellness) return `${wellness} (${code})`
  const numeric = /^\d{5}$/.test(code) ? Number(code) : NaN
  const category = VISIT_CATEGORIES.find(([from, to]) => numeric >= from && numeric <= to)?.[2]
  if (category) return `${category} (CPT ${code})`
  if (/^\d{5}$/.test(code)) return `Service CPT ${code}`
  return /^[A-V]\d{4}$/.test(code) ? `Service HCPCS ${code}` : `Service ${code}`
}

export type Visit = { date: string; provider: string | null; claimId: string; what: string }
export type MedicareVisits = { last: Visit | null; wellness: Visit | null }

const VISIT_TYPES = new Set<Claim['claim_type']>(['CARRIER', 'OUTPATIENT'])

const claimDay = (claim: Claim): string => (claim.service_date ?? claim.date ?? '').slice(0, 10)

/** A claim's words when it has them, else its first billed code read as a kind of visit. */
function visitWhat(claim: Claim): string {
  const code = claim.lines.find((line) => line.hcpcs)?.hcpcs ?? claim.procedure
  if (claim.service && claim.service !== code) return claim.service
  if (code) return serviceLabel(code)
  return claim.claim_type === 'CARRIER' ? 'Professional visit' : 'Outpatient visit'
}

/**
 * The newest professional or outpatient visit (carrier and outpatient claims), and the newest Medicare wellness
 * visit (a claim line billed with G0402, G0438 or G0439).
 */
export function medicareVisits(claims: readonly Claim[]): MedicareVisits {
  let last: Visit | null = null
  let wellness: Visit | null = null
  for (const claim of claims) {
    const day = claimDay(claim)
    if (!day || !VISIT_TYPES.has(claim.claim_type)) continue
    if (!last || day > last.date) {
      last = {
        date: day,
        provider: providerLabel(claim.provider, claim.provider_npi),
        claimId: claim.claim_id,
        what: visitWhat(claim),
      }
    }
    for (const line of claim.lines) {
      const what = line.hcpcs ? WELLNESS_VISIT_CODES[line.hcpcs] : undefined
      if (!what || !line.hcpcs) continue
      const lineDay = (line.service_start ?? day).slice(0, 10)
      if (!wellness || lineDay > wellness.date) {
        wellness = {
          date: lineDay,
          provider: providerLabel(claim.provider, claim.provider_npi),
          claimId: claim.claim_id,
          what: `${what} (${line.hcpcs})`,
        }
      }
    }
  }
  return { last, wellness }
}
