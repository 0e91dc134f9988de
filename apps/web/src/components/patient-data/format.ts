// Display formatting for Medicare data: codes with the words the server attaches, drugs by name. Money and
// dates are written by the app's one formatter (lib/format.ts); they are passed on here for the Medicare views.
import type { Claim, Medication } from '@blueconsent/contract/patients'

export { formatCents, formatDate, formatLongDate, formatReadableDate } from '@/lib/format.ts'

export const formatCoefficient = (value: number): string => value.toFixed(3)

/**
 * A provider as people read it: the name when Medicare gave one, else the NPI labelled as an NPI (the API
 * falls back to the bare number, which read like an unexplained code), else null.
 */
export function providerLabel(name: string | null, npi: string | null): string | null {
  if (name && name !== npi) return name
  return npi ? `NPI ${npi}` : null
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

type NamedFill = Pick<Medication, 'name' | 'drug_name' | 'ndc'>

/** The name Medicare gave each NDC on any fill, so a fill that arrived without one can borrow it. */
export function drugNamesByNdc(fills: readonly NamedFill[]): ReadonlyMap<string, string> {
  const names = new Map<string, string>()
  for (const fill of fills) {
    const name = fill.name ?? fill.drug_name
    if (fill.ndc && name && !names.has(fill.ndc)) names.set(fill.ndc, name)
  }
  return names
}

/**
 * A fill's drug: the claim's own name, else the name another fill of the same NDC carries, else its NDC
 * labelled as one; never a blank.
 */
export function drugLabel(medication: NamedFill, namesByNdc?: ReadonlyMap<string, string>): string {
  const name =
    medication.name ?? medication.drug_name ?? (medication.ndc ? namesByNdc?.get(medication.ndc) : undefined)
  if (name) return name
  return medication.ndc ? `NDC ${formatNdc(medication.ndc)}` : 'Drug not named on the claim'
}
