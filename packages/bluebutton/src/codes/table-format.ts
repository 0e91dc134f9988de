// The compact text form of a code table (code → description) kept in src/codes/tables/. Codes come sorted
// and neighbours share most of their code and wording (M1710, M1711, M1712 …), so each row keeps only what
// differs from the row before, and the commonest endings (", initial encounter" …) become a short
// reference. The table shrinks to about a third of CDC's file and stays one line per code, so a new release
// reads as an ordinary diff. The generator and the lookup share this file, so they cannot drift apart.

export type CodeRow = readonly [code: string, description: string]

/** What a generated table module exports. */
export type CodeTableData = {
  release: string
  codes: number
  suffixes: readonly string[]
  rows: string
}

// One character says how much of the previous description a row shares (0-9, a-z, A-Z: up to 61).
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
const MAX_SHARED = DIGITS.length - 1
const SUFFIX_MARK = '|'

/** CDC's "codes" file: one code per line, the code padded to 8 columns, then its description. */
export function parseCdcCodes(text: string): CodeRow[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /^([A-Z][0-9A-Z]{2,6})\s+(\S.*)$/.exec(line)
      if (!match?.[1] || !match[2]) throw new Error(`not an ICD-10-CM code line: ${line}`)
      return [match[1], match[2].trim()] as const
    })
}

/**
 * CMS's HCPCS alpha-numeric file as code, short and long description (CSV with a header row, fields quoted
 * where they hold commas or quotes). The long description is CMS's continuation lines joined with spaces.
 */
export function parseCmsHcpcsCsv(text: string): (readonly [code: string, short: string, long: string])[] {
  const [header, ...lines] = text.split(/\r?\n/).filter((line) => line !== '')
  if (header !== 'HCPCS_CODE,SHORT_DESCRIPTION,LONG_DESCRIPTION')
    throw new Error(`not the HCPCS columns: ${header}`)
  return lines.map((line) => {
    const fields = csvFields(line)
    const [code, short, long] = fields
    if (fields.length !== 3 || !code || short === undefined || !long)
      throw new Error(`not an HCPCS row: ${line}`)
    return [code, short, long] as const
  })
}

function csvFields(line: string): string[] {
  const fields: string[] = []
  let i = 0
  for (;;) {
    let field = ''
    if (line[i] === '"') {
      i++
      for (;;) {
        const quote = line.indexOf('"', i)
        if (quote < 0) throw new Error(`unclosed quote: ${line}`)
        field += line.slice(i, quote)
        i = quote + 1
        if (line[i] !== '"') break
        field += '"'
        i++
      }
    } else {
      const comma = line.indexOf(',', i)
      field = line.slice(i, comma < 0 ? line.length : comma)
      i = comma < 0 ? line.length : comma
    }
    fields.push(field)
    if (i >= line.length) return fields
    if (line[i] !== ',') throw new Error(`text after a quoted field: ${line}`)
    i++
  }
}

export function encodeTable(rows: readonly CodeRow[], suffixCount: number): Omit<CodeTableData, 'release'> {
  const suffixes = commonSuffixes(rows, suffixCount)
  for (const [, description] of rows)
    if (description.includes(SUFFIX_MARK)) throw new Error(`description uses ${SUFFIX_MARK}: ${description}`)
  let previousCode = ''
  let previousStem = ''
  const lines = rows.map(([code, description]) => {
    const index = suffixes.findIndex((end) => description.endsWith(end) && description.length > end.length)
    const stem = index < 0 ? description : description.slice(0, -(suffixes[index] as string).length)
    const codeShared = sharedStart(code, previousCode, 9)
    const stemShared = sharedStart(stem, previousStem, MAX_SHARED)
    previousCode = code
    previousStem = stem
    const suffix = index < 0 ? '' : `${SUFFIX_MARK}${index.toString(36)}`
    return `${codeShared}${code.slice(codeShared)}\t${DIGITS[stemShared]}${stem.slice(stemShared)}${suffix}`
  })
  return { codes: rows.length, suffixes, rows: lines.join('\n') }
}

export function decodeTable(table: CodeTableData): Map<string, string> {
  const out = new Map<string, string>()
  let code = ''
  let stem = ''
  for (const line of table.rows.split('\n')) {
    const tab = line.indexOf('\t')
    code = code.slice(0, Number(line[0])) + line.slice(1, tab)
    const body = line.slice(tab + 2)
    const mark = body.lastIndexOf(SUFFIX_MARK)
    stem = stem.slice(0, DIGITS.indexOf(line[tab + 1] ?? '0')) + (mark < 0 ? body : body.slice(0, mark))
    const suffix = mark < 0 ? '' : (table.suffixes[parseInt(body.slice(mark + 1), 36)] ?? '')
    out.set(code, stem + suffix)
  }
  return out
}

function sharedStart(text: string, previous: string, max: number): number {
  let i = 0
  while (i < max && i < text.length && text[i] === previous[i]) i++
  return i
}

/** The endings (", a, b") that save the most characters, longest first so the longest match wins. */
function commonSuffixes(rows: readonly CodeRow[], count: number): string[] {
  const seen = new Map<string, number>()
  for (const [, description] of rows) {
    const parts = description.split(', ')
    for (let k = 1; k < Math.min(parts.length, 6); k++) {
      const end = `, ${parts.slice(-k).join(', ')}`
      seen.set(end, (seen.get(end) ?? 0) + 1)
    }
  }
  return [...seen]
    .filter(([, uses]) => uses >= 50)
    .map(([end, uses]) => ({ end, saved: uses * (end.length - 2) }))
    .sort((a, b) => b.saved - a.saved || a.end.localeCompare(b.end))
    .slice(0, count)
    .map((entry) => entry.end)
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
}
