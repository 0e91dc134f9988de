import { describe, expect, it } from 'vitest'
import { csvCell, csvLine } from './csv.ts'

describe('csvCell', () => {
  it('quotes separators and defuses spreadsheet formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell('-1+1')).toBe(`'-1+1`)
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(42)).toBe('42')
  })
})

describe('csvLine', () => {
  it('joins cells with commas, each quoted as needed', () => {
    expect(csvLine(['id', 'a,b', null, 7])).toBe('id,"a,b",,7')
  })
})
