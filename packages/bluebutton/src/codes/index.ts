// @blueconsent/bluebutton/codes: words for the codes on Medicare claims, for servers only (the ICD-10-CM table
// is about 1.9 MB and the HCPCS Level II one 0.8 MB, so they must never reach a browser bundle; the API
// attaches the words to what it serves).
import { decodeTable } from './table-format.ts'
import { ICD10CM } from './tables/icd10cm.ts'

export { ICD10CM } from './tables/icd10cm.ts'
export { HCPCS } from './tables/hcpcs.ts'
export { hcpcsDescription, serviceCode, type ServiceCode, type ServiceCodeSet } from './service-codes.ts'

let icd10cm: Map<string, string> | null = null

/**
 * CDC's description of an ICD-10-CM diagnosis code ('M1711' or 'M17.11'), or null for a code that is not in
 * the FY2026 table (retired codes, ICD-9 codes, typos). Built on first use: decoding takes tens of
 * milliseconds, which no request that never shows a diagnosis should pay.
 */
export function icd10cmDescription(code: string): string | null {
  icd10cm ??= decodeTable(ICD10CM)
  return icd10cm.get(code.replace(/\./g, '').trim().toUpperCase()) ?? null
}
