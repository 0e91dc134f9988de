// CSV as spreadsheets read it (RFC 4180), safe to open: exports of patient data and of the audit log.

export type CsvCell = string | number | null | undefined

/** RFC 4180 quoting, and a leading apostrophe on cells a spreadsheet would run as a formula. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: readonly CsvCell[]): string => cells.map(csvCell).join(',')
