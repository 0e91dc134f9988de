// Filtering and sorting of a patient's claims: date range, claim type, provider, diagnosis.
import type { ClaimType, PatientClaim } from '@blueconsent/contract/patients'

export type ClaimFilters = {
  from: string
  to: string
  type: ClaimType | ''
  provider: string
  diagnosis: string
}
export type ClaimSort = 'date-desc' | 'date-asc' | 'type' | 'provider' | 'paid-desc'

export const NO_FILTERS: ClaimFilters = { from: '', to: '', type: '', provider: '', diagnosis: '' }

/** The date a claim is filed under: `service_date`, else `date`, the same date under its other name. */
export const claimDate = (claim: PatientClaim): string =>
  (claim.service_date ?? claim.date ?? '').slice(0, 10)

const contains = (value: string | null, needle: string): boolean =>
  needle === '' || (value ?? '').toLowerCase().includes(needle.toLowerCase())

function matches(claim: PatientClaim, filters: ClaimFilters): boolean {
  const date = claimDate(claim)
  if (filters.from && (!date || date < filters.from)) return false
  if (filters.to && (!date || date > filters.to)) return false
  if (filters.type && claim.claim_type !== filters.type) return false
  if (!contains(claim.provider, filters.provider) && !contains(claim.provider_npi, filters.provider))
    return false
  const diagnosis = filters.diagnosis.replace('.', '').toLowerCase()
  return diagnosis === '' || claim.diagnoses.some((item) => item.code.toLowerCase().startsWith(diagnosis))
}

const COMPARE: Record<ClaimSort, (a: PatientClaim, b: PatientClaim) => number> = {
  'date-desc': (a, b) => claimDate(b).localeCompare(claimDate(a)),
  'date-asc': (a, b) => claimDate(a).localeCompare(claimDate(b)),
  type: (a, b) => a.claim_type.localeCompare(b.claim_type) || claimDate(b).localeCompare(claimDate(a)),
  provider: (a, b) => (a.provider ?? '').localeCompare(b.provider ?? ''),
  'paid-desc': (a, b) => (b.medicare_paid_cents ?? 0) - (a.medicare_paid_cents ?? 0),
}

export function filterClaims(
  claims: readonly PatientClaim[],
  filters: ClaimFilters,
  sort: ClaimSort,
): PatientClaim[] {
  return claims.filter((claim) => matches(claim, filters)).sort(COMPARE[sort])
}
