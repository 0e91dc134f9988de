// Display formatting for Medicare data: dates as written by CMS (YYYY-MM-DD) and integer cents.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

export const formatCents = (cents: number | null): string => (cents == null ? '—' : usd.format(cents / 100))

/** A date-only ISO string shown as is, so no time zone shifts it by a day. */
export const formatDate = (value: string | null): string => (value ? value.slice(0, 10) : '—')

export const formatCoefficient = (value: number): string => value.toFixed(3)

/**
 * A provider as people read it: the name when Medicare gave one, else the NPI labelled as an NPI (the API
 * falls back to the bare number, which read like an unexplained code), else null.
 */
export function providerLabel(name: string | null, npi: string | null): string | null {
  if (name && name !== npi) return name
  return npi ? `NPI ${npi}` : null
}

const readable = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** A date as people read it ('Sep 9, 2026'), read in UTC so a date-only value never moves a day. */
export const formatReadableDate = (value: string | null): string =>
  value ? readable.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value)) : '—'

const titleCase = (text: string): string =>
  text.toLowerCase().replace(/\b([a-z])/g, (letter) => letter.toUpperCase())

/** An 11-digit NDC in the 5-4-2 form printed on packages. */
export const formatNdc = (ndc: string): string =>
  /^\d{11}$/.test(ndc) ? `${ndc.slice(0, 5)}-${ndc.slice(5, 9)}-${ndc.slice(9)}` : ndc

/**
 * A medication's name as one clean line: the claim's own name, trimmed of the repeated ingredient CMS's
 * sandbox appends ('Atorvastatin Calcium - ATORVASTATIN CALCIUM TRIHYDRATE' → 'Atorvastatin Calcium'), shouted
 * names in title case; without a name, the NDC labelled as one; never a dash alone.
 */
export function medicationLabel(name: string | null, ndc: string | null): string {
  const first = name?.split(' - ')[0]?.trim()
  if (first) return first === first.toUpperCase() ? titleCase(first) : first
  return ndc ? `NDC ${formatNdc(ndc)}` : 'Unnamed medication'
}
