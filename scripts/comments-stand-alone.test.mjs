// Code comments must stand on their own: the planning documents (the browser-side specification, the design
// notes) and the issue tracker are not in this repository, so a comment citing a section of the specification,
// an issue number or the design notes points a reader at nothing. Public standards (RFC 6749 §4.1.2) are fine.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const EXTERNAL_REFERENCE = /spec ?[12]? ?§|\b[Ss]pec [12]\b|\b[Ii]ssue #?\d+\b|DESIGN\.md/

function trackedSources() {
  const listed = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js', '*.example', '*.yaml'], {
    encoding: 'utf8',
  })
  return listed.split('\n').filter((path) => path && !path.includes('/migrations/'))
}

describe('comments stand on their own', () => {
  it('no source file cites the specification, the design notes or an issue number', () => {
    const offenders = []
    for (const path of trackedSources()) {
      const lines = readFileSync(path, 'utf8').split('\n')
      lines.forEach((line, index) => {
        if (EXTERNAL_REFERENCE.test(line) && !line.includes('EXTERNAL_REFERENCE'))
          offenders.push(`${path}:${index + 1}`)
      })
    }
    expect(offenders).toEqual([])
  })

  it('recognises what it refuses and lets public standards through', () => {
    expect(EXTERNAL_REFERENCE.test('// Billing (spec 2 §7)')).toBe(true)
    expect(EXTERNAL_REFERENCE.test('// as issue 16 asked')).toBe(true)
    expect(EXTERNAL_REFERENCE.test('// see DESIGN.md')).toBe(true)
    expect(EXTERNAL_REFERENCE.test('// RFC 6749 §4.1.2.1')).toBe(false)
  })
})
