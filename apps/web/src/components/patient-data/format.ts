// Display formatting for Medicare data: dates as written by CMS (YYYY-MM-DD) and integer cents, codes with the
// words the server attaches, drugs by name.
import type { Claim, Medication } from '@blueconsent/contract/patients'

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

const longDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/** '2026-09-09' as people write it ('Sep 9, 2026'), read as a calendar day so no time zone moves it. */
export function formatLongDate(value: string | null): string {
  const day = value?.slice(0, 10) ?? ''
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? longDate.format(new Date(`${day}T00:00:00Z`)) : '—'
}

/** An ICD-10 code as clinicians write it, with the dot after the category ('M1711' → 'M17.11'). */
export const dottedIcd10 = (code: string): string =>
  /^[A-Z]\d[0-9A-Z]{2,5}$/.test(code) ? `${code.slice(0, 3)}.${code.slice(3)}` : code

type Diagnosis = Claim['diagnoses'][number]

/** 'Unilateral primary osteoarthritis, right knee (M17.11)'; the code alone when no words were served. */
export function diagnosisText(diagnosis: Pick<Diagnosis, 'code' | 'system' | 'description'>): string {
  const code = diagnosis.system === 'icd10' ? dottedIcd10(diagnosis.code) : diagnosis.code
  return diagnosis.description ? `${diagnosis.description} (${code})` : code
}

type CodeSet = Claim['service_code_set']

/**
 * 'Injection, infliximab, excludes biosimilar, 10 mg (HCPCS J1745)' or 'Emergency department visit (CPT 99283)'
 * with the words the server found (CMS's for HCPCS Level II), or 'CPT 80053' when no public words exist (CPT
 * descriptions belong to the AMA): the code set always named, so no bare number looks like a mistake.
 */
export function serviceText(
  code: string | null,
  codeSet: CodeSet,
  description: string | null | undefined,
): string | null {
  if (!code) return null
  const labelled = codeSet ? `${codeSet} ${code}` : code
  return description ? `${description} (${labelled})` : labelled
}

/** A claim's main service in words, from its first service line. */
export const claimServiceText = (claim: Claim): string | null =>
  serviceText(claim.service ?? claim.procedure, claim.service_code_set, claim.service_description)

/** An 11-digit NDC as pharmacists write it (5-4-2); other forms as sent. */
export const formatNdc = (ndc: string): string =>
  /^\d{11}$/.test(ndc) ? `${ndc.slice(0, 5)}-${ndc.slice(5, 9)}-${ndc.slice(9)}` : ndc

/** A fill's drug: the claim's own name, else its NDC labelled as one; never a blank. */
export function drugLabel(medication: Pick<Medication, 'name' | 'drug_name' | 'ndc'>): string {
  const name = medication.name ?? medication.drug_name
  if (name) return name
  return medication.ndc ? `NDC ${formatNdc(medication.ndc)}` : 'Drug not named on the claim'
}

const readable = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** A date as people read it ('Sep 9, 2026'), read in UTC so a date-only value never moves a day. */
export const formatReadableDate = (value: string | null): string =>
  value ? readable.format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value)) : '—'
