// The audit gate on recorded npm output: v2 reports (npm 7+) with and without findings, and the error JSON npm
// prints when the registry has no audit endpoint (405, captured from this project's registry), cannot be
// reached (ECONNREFUSED) or the project has no lockfile. The last block runs the script itself with a stand-in
// `npm` on PATH, for its exit codes and its one line when nothing could be checked.
import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { allowlistProblems, evaluateAudit, gatedAdvisories, parseAuditOutput } from './audit-gate.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const fixturePath = (name) => join(here, 'audit-fixtures', name)
const fixture = (name) => readFileSync(fixturePath(name), 'utf8')
const findings = () => JSON.parse(fixture('report-v2-findings.json'))

describe('parseAuditOutput', () => {
  it('reads a v2 report, with or without findings', () => {
    expect(parseAuditOutput(fixture('report-v2-clean.json')).kind).toBe('report')
    expect(parseAuditOutput(fixture('report-v2-findings.json')).kind).toBe('report')
  })

  it('tells a registry without an audit endpoint, or out of reach, from a real failure', () => {
    expect(parseAuditOutput(fixture('error-405.json'))).toEqual({
      kind: 'unavailable',
      message: expect.stringContaining('405 Method Not Allowed'),
    })
    expect(parseAuditOutput(fixture('error-network.json'))).toEqual({
      kind: 'unavailable',
      message: expect.stringContaining('ECONNREFUSED'),
    })
    const notFound = { ...JSON.parse(fixture('error-405.json')), statusCode: 404 }
    expect(parseAuditOutput(JSON.stringify(notFound)).kind).toBe('unavailable')
    // A registry that has the endpoint but fails, or refuses us, is not "no audit offered".
    const serverError = {
      ...JSON.parse(fixture('error-405.json')),
      statusCode: 503,
      message: '503 Service Unavailable - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    }
    expect(parseAuditOutput(JSON.stringify(serverError)).kind).toBe('error')
    expect(parseAuditOutput(fixture('error-enolock.json'))).toEqual({
      kind: 'error',
      message: expect.stringContaining('ENOLOCK'),
    })
    expect(parseAuditOutput('').kind).toBe('error')
    expect(parseAuditOutput('npm ERR! something').kind).toBe('error')
  })
})

describe('gatedAdvisories', () => {
  it('lists each high or critical advisory once, at the package it is about, with its URL', () => {
    expect(gatedAdvisories(findings())).toEqual([
      {
        id: '1097677',
        package: 'minimist',
        severity: 'critical',
        url: 'https://github.com/advisories/GHSA-xvch-5gv4-984h',
        title: 'Prototype Pollution in minimist',
      },
      {
        id: '1101088',
        package: 'semver',
        severity: 'high',
        url: 'https://github.com/advisories/GHSA-c2qf-rxjj-qqgw',
        title: 'semver vulnerable to Regular Expression Denial of Service',
      },
    ])
  })

  it('finds nothing in a clean report', () => {
    expect(gatedAdvisories(JSON.parse(fixture('report-v2-clean.json')))).toEqual([])
  })
})

describe('evaluateAudit', () => {
  const minimist = {
    id: 'GHSA-xvch-5gv4-984h',
    package: 'minimist',
    reason: 'only parses our own build flags',
    expires: '2026-12-31',
  }
  const semver = {
    id: 1101088,
    package: 'semver',
    reason: 'ranges come from our lockfile only',
    expires: '2026-12-31',
  }

  it('fails on every uncovered advisory and passes a clean report', () => {
    const verdict = evaluateAudit(findings(), [], '2026-11-26')
    expect(verdict.ok).toBe(false)
    expect(verdict.uncovered.map((advisory) => advisory.package)).toEqual(['minimist', 'semver'])
    expect(evaluateAudit(JSON.parse(fixture('report-v2-clean.json')), [], '2026-11-26').ok).toBe(true)
  })

  it('passes when each advisory has an entry, by GHSA id, npm source number or URL', () => {
    expect(evaluateAudit(findings(), [minimist, semver], '2026-11-26')).toMatchObject({
      ok: true,
      uncovered: [],
    })
    const byUrl = { ...minimist, id: 'https://github.com/advisories/GHSA-xvch-5gv4-984h' }
    expect(evaluateAudit(findings(), [byUrl, semver], '2026-11-26').ok).toBe(true)
    // Half covered is not covered.
    expect(evaluateAudit(findings(), [semver], '2026-11-26').uncovered).toHaveLength(1)
  })

  it('does not let an entry for another package cover the advisory', () => {
    const verdict = evaluateAudit(findings(), [{ ...minimist, package: 'mkdirp' }, semver], '2026-11-26')
    expect(verdict.uncovered.map((advisory) => advisory.package)).toEqual(['minimist'])
  })

  it('covers through the expiry date and not a day later', () => {
    expect(evaluateAudit(findings(), [minimist, semver], '2026-12-31').ok).toBe(true)
    const later = evaluateAudit(findings(), [minimist, semver], '2027-01-01')
    expect(later.ok).toBe(false)
    expect(later.uncovered[0]).toMatchObject({ package: 'minimist', expired: '2026-12-31' })
  })
})

describe('allowlistProblems', () => {
  it('accepts the empty list and complete entries', () => {
    expect(allowlistProblems([])).toEqual([])
    expect(allowlistProblems([{ id: 1, package: 'a', reason: 'because', expires: '2026-12-31' }])).toEqual([])
  })

  it('refuses an entry without a reason or a real expiry date', () => {
    expect(allowlistProblems({})).toHaveLength(1)
    expect(allowlistProblems([{ id: 1, package: 'a', reason: ' ', expires: 'soon' }])).toEqual([
      expect.stringContaining('"reason"'),
      expect.stringContaining('"expires"'),
    ])
  })
})

describe('the script, with a stand-in npm', () => {
  const bin = mkdtempSync(join(tmpdir(), 'audit-gate-'))
  afterAll(() => rmSync(bin, { recursive: true, force: true }))

  /** Runs scripts/audit-gate.mjs with an `npm` that prints the fixture and exits 1, as npm audit does. */
  function gate(fixtureName, env = {}) {
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\ncat '${fixturePath(fixtureName)}'\nexit 1\n`)
    chmodSync(join(bin, 'npm'), 0o755)
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [join(here, 'audit-gate.mjs')],
        { env: { PATH: `${bin}:${process.env.PATH}`, ...env } },
        (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stdout, stderr }),
      )
    })
  }

  it('passes with one line when the registry offers no audit, and fails when the audit is required', async () => {
    const skipped = await gate('error-405.json')
    expect(skipped.code).toBe(0)
    expect(skipped.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/the registry offered no audit .*405.*no dependency was checked/),
    ])
    const required = await gate('error-405.json', { AUDIT_REQUIRED: 'true' })
    expect(required.code).toBe(1)
    expect(required.stdout).toContain('AUDIT_REQUIRED=true')
  })

  it('fails listing package, severity and advisory URL, and passes a clean report', async () => {
    const failed = await gate('report-v2-findings.json')
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain('minimist (critical) https://github.com/advisories/GHSA-xvch-5gv4-984h')
    expect(failed.stderr).toContain('semver (high) https://github.com/advisories/GHSA-c2qf-rxjj-qqgw')
    expect(failed.stderr).not.toContain('postcss')
    expect((await gate('report-v2-clean.json')).code).toBe(0)
    expect((await gate('error-enolock.json')).code).toBe(1)
  })
})
