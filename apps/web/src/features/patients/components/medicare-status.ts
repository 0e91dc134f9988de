// Dual status and Medicare visits (the 'dual status' and 'Medicare visit' display options), read from data
// the page already loads: the risk model's segment (which CMS picks from the Medicaid/dual code of the
// enrolment data) and the fee-for-service claims.
import type { Claim, PatientClaim, RiskScore } from '@blueconsent/contract/patients'
import { ownValue } from '@blueconsent/contract/shared'
import { claimServiceText, providerLabel, serviceText } from '@/components/patient-data/format.ts'

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

/** A visit as the panel says it: the day, what was done in words, who did it, and the claim behind it. */
export type Visit = {
  date: string
  provider: string | null
  claimId: string
  recordId: string | null
  what: string
}
export type MedicareVisits = { last: Visit | null; wellness: Visit | null }

const VISIT_TYPES = new Set<Claim['claim_type']>(['CARRIER', 'OUTPATIENT'])

// What a visit was when its claim carries no service code: the kind of claim, in words.
const CLAIM_KIND: Partial<Record<Claim['claim_type'], string>> = {
  CARRIER: 'Professional services claim',
  OUTPATIENT: 'Hospital outpatient claim',
}

const claimDay = (claim: Claim): string => (claim.service_date ?? claim.date ?? '').slice(0, 10)

function visitOf(claim: Claim | PatientClaim, date: string, what: string): Visit {
  return {
    date,
    provider: providerLabel(claim.provider, claim.provider_npi),
    claimId: claim.claim_id,
    recordId: 'record_id' in claim ? claim.record_id : null,
    what,
  }
}

/** The claim's newest wellness visit line (G0402, G0438 or G0439), if any. */
function wellnessLine(claim: Claim, day: string): Visit | null {
  let found: Visit | null = null
  for (const line of claim.lines) {
    const words = line.hcpcs ? ownValue(WELLNESS_VISIT_CODES, line.hcpcs) : undefined
    if (!words) continue
    const lineDay = (line.service_start ?? day).slice(0, 10)
    // The panel's own short name ('Annual wellness visit, subsequent') reads better here than CMS's long one.
    const what = serviceText(line.hcpcs, 'HCPCS', words) ?? words
    if (!found || lineDay > found.date) found = visitOf(claim, lineDay, what)
  }
  return found
}

/**
 * The newest professional or outpatient visit (carrier and outpatient claims), and the newest Medicare wellness
 * visit (a claim line billed with G0402, G0438 or G0439).
 */
export function medicareVisits(claims: readonly (Claim | PatientClaim)[]): MedicareVisits {
  let last: Visit | null = null
  let wellness: Visit | null = null
  for (const claim of claims) {
    const day = claimDay(claim)
    if (!day || !VISIT_TYPES.has(claim.claim_type)) continue
    if (!last || day > last.date) {
      last = visitOf(claim, day, claimServiceText(claim) ?? CLAIM_KIND[claim.claim_type] ?? claim.claim_type)
    }
    const line = wellnessLine(claim, day)
    if (line && (!wellness || line.date > wellness.date)) wellness = line
  }
  return { last, wellness }
}
