// Which code set a claim line's service code belongs to, with the plain words we may show for it.
// Blue Button sends CPT (Level I, five characters starting with a digit) and HCPCS Level II (a letter A-V and
// four digits) under one system. CPT descriptions belong to the AMA and are not public, so CPT codes get
// words only for the evaluation and management families that CMS names in its own public guides (office,
// emergency department, hospital visits …). Level II codes get CMS's own long description from its public
// alpha-numeric HCPCS file (the generated table in tables/hcpcs.ts).
import { decodeTable } from './table-format.ts'
import { HCPCS } from './tables/hcpcs.ts'

export type ServiceCodeSet = 'CPT' | 'HCPCS'
export type ServiceCode = { codeSet: ServiceCodeSet; description: string | null }

type Family = readonly [first: number, last: number, description: string]

// Evaluation and management code ranges as CMS's Evaluation and Management Services guide groups them.
const EM_FAMILIES: readonly Family[] = [
  [99202, 99205, 'Office or outpatient visit, new patient'],
  [99211, 99215, 'Office or outpatient visit, established patient'],
  [99221, 99223, 'Initial hospital inpatient or observation care'],
  [99231, 99233, 'Subsequent hospital inpatient or observation care'],
  [99238, 99239, 'Hospital discharge day management'],
  [99242, 99245, 'Office or outpatient consultation'],
  [99252, 99255, 'Inpatient or observation consultation'],
  [99281, 99285, 'Emergency department visit'],
  [99291, 99292, 'Critical care'],
  [99304, 99310, 'Nursing facility visit'],
  [99341, 99350, 'Home or residence visit'],
]

/** The code set and words for a line's service code; null for anything that is neither CPT nor HCPCS. */
export function serviceCode(code: string | null): ServiceCode | null {
  const clean = code?.trim().toUpperCase() ?? ''
  if (/^\d{4}[0-9A-Z]$/.test(clean)) return { codeSet: 'CPT', description: emFamily(clean) }
  if (/^[A-V]\d{4}$/.test(clean)) return { codeSet: 'HCPCS', description: hcpcsDescription(clean) }
  return null
}

let hcpcs: Map<string, string> | null = null

/**
 * CMS's long description of an HCPCS Level II code ('J1745' → 'Injection, infliximab, excludes biosimilar,
 * 10 mg'), or null for a code not in the January 2026 file (CPT codes, CDT dental codes, old codes CMS no
 * longer lists, typos). Decoded on first use, like the ICD-10-CM table.
 */
export function hcpcsDescription(code: string): string | null {
  hcpcs ??= decodeTable(HCPCS)
  return hcpcs.get(code.trim().toUpperCase()) ?? null
}

function emFamily(code: string): string | null {
  if (!/^\d{5}$/.test(code)) return null
  const value = Number(code)
  return EM_FAMILIES.find(([first, last]) => value >= first && value <= last)?.[2] ?? null
}
