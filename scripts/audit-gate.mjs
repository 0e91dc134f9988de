#!/usr/bin/env node
// The dependency audit gate: `npm audit --omit=dev` at severity high or critical fails unless each advisory is
// covered by an unexpired entry of audit-allowlist.json that says why. A registry that offers no audit (npm's
// audit endpoint answering 404/405/501, or not reachable) checks nothing: one line says so, and the gate passes
// unless AUDIT_REQUIRED=true. Any other failure of `npm audit` fails the gate.
// Usage: node scripts/audit-gate.mjs   (from the repo root; .ci/run runs it)
//
// Allowlist entries: { "id": advisory id (npm's `source` number, the GHSA id) or its URL, "package": name,
// "reason": why it is acceptable, "expires": "YYYY-MM-DD" (the last day it covers) }.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const GATED_SEVERITIES = ['high', 'critical']
// What a registry without an audit endpoint answers: not found, method not allowed, not implemented.
const NO_AUDIT_STATUSES = [404, 405, 501]
const AUDIT_ENDPOINT = '/-/npm/v1/security/'

/**
 * Reads `npm audit --json` output. `report`: npm's v2 report (npm 7+). `unavailable`: the registry offered no
 * audit (endpoint missing or unreachable), with npm's message. `error`: anything else (no lockfile, a 5xx, an
 * authentication failure, output that is not JSON), which must not pass as "nothing found".
 * @param {string} stdout
 * @returns {{ kind: 'report', report: any } | { kind: 'unavailable', message: string } | { kind: 'error', message: string }}
 */
export function parseAuditOutput(stdout) {
  let json
  try {
    json = JSON.parse(stdout)
  } catch {
    return {
      kind: 'error',
      message: `npm audit printed no JSON: ${stdout.trim().slice(0, 200) || '(nothing)'}`,
    }
  }
  if (json && typeof json === 'object' && json.vulnerabilities && typeof json.vulnerabilities === 'object')
    return { kind: 'report', report: json }
  const message = String(json?.message ?? json?.error?.summary ?? 'unknown npm audit error')
  const atEndpoint = typeof json?.message === 'string' && json.message.includes(AUDIT_ENDPOINT)
  if (atEndpoint && NO_AUDIT_STATUSES.includes(json.statusCode)) return { kind: 'unavailable', message }
  // npm prints a failed connection as the bare message "request to <url> failed, reason: ...".
  if (atEndpoint && json.statusCode === undefined && / failed, reason: /.test(json.message))
    return { kind: 'unavailable', message }
  const code = json?.error?.code ? `${json.error.code}: ` : ''
  return { kind: 'error', message: `${code}${message}` }
}

/**
 * The advisories at high or critical severity, one per (advisory, package): a package listed only because it
 * depends on a vulnerable one (`via` holds just names) carries no advisory of its own.
 * @param {any} report npm audit's v2 JSON
 * @returns {{ id: string, package: string, severity: string, url: string, title: string }[]}
 */
export function gatedAdvisories(report) {
  const found = new Map()
  for (const [name, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
    for (const via of vulnerability?.via ?? []) {
      if (typeof via !== 'object' || via === null) continue
      if (!GATED_SEVERITIES.includes(via.severity)) continue
      const advisory = {
        id: String(via.source ?? via.url ?? via.title),
        package: String(via.name ?? name),
        severity: String(via.severity),
        url: String(via.url ?? ''),
        title: String(via.title ?? ''),
      }
      found.set(`${advisory.id} ${advisory.package}`, advisory)
    }
  }
  return [...found.values()]
}

const GHSA = /GHSA-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}/i

/**
 * Problems with the allowlist itself: each entry needs an id, a package, a reason and a valid expiry date.
 * @param {unknown} allowlist
 * @returns {string[]}
 */
export function allowlistProblems(allowlist) {
  if (!Array.isArray(allowlist)) return ['audit-allowlist.json must be a JSON array']
  const problems = []
  allowlist.forEach((entry, index) => {
    const where = `audit-allowlist.json entry ${index}`
    if (!entry || typeof entry !== 'object') return void problems.push(`${where} is not an object`)
    if (!['string', 'number'].includes(typeof entry.id) || String(entry.id).trim() === '')
      problems.push(`${where}: "id" (advisory id or URL) is missing`)
    if (typeof entry.package !== 'string' || entry.package.trim() === '')
      problems.push(`${where}: "package" is missing`)
    if (typeof entry.reason !== 'string' || entry.reason.trim() === '')
      problems.push(`${where}: "reason" is missing (say why the advisory is acceptable)`)
    if (typeof entry.expires !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(entry.expires))
      problems.push(`${where}: "expires" must be a date, YYYY-MM-DD`)
  })
  return problems
}

/**
 * Whether an allowlist entry names this advisory: npm's source number, the advisory URL, or the GHSA id in it.
 * @param {{ id: string | number, package: string }} entry
 * @param {{ id: string, package: string, url: string }} advisory
 */
function names(entry, advisory) {
  if (entry.package !== advisory.package) return false
  const id = String(entry.id).trim()
  if (id === advisory.id || (advisory.url && id === advisory.url)) return true
  const ghsa = GHSA.exec(id)?.[0]
  return ghsa !== undefined && GHSA.exec(advisory.url)?.[0]?.toLowerCase() === ghsa.toLowerCase()
}

/**
 * The gate's verdict on one audit report. An entry covers an advisory through its expiry date (inclusive);
 * `today` is YYYY-MM-DD in UTC.
 * @param {any} report npm audit's v2 JSON
 * @param {Array<{ id: string | number, package: string, reason: string, expires: string }>} allowlist
 * @param {string} today
 */
export function evaluateAudit(report, allowlist, today) {
  const uncovered = []
  const covered = []
  for (const advisory of gatedAdvisories(report)) {
    const entries = allowlist.filter((entry) => names(entry, advisory))
    const live = entries.find((entry) => entry.expires >= today)
    if (live) covered.push({ ...advisory, reason: live.reason, expires: live.expires })
    else
      uncovered.push({
        ...advisory,
        expired:
          entries
            .map((entry) => entry.expires)
            .sort()
            .at(-1) ?? null,
      })
  }
  return { ok: uncovered.length === 0, uncovered, covered }
}

function runNpmAudit(cwd) {
  return new Promise((resolve, reject) => {
    // npm exits 1 both when it finds vulnerabilities and when it fails; the JSON on stdout tells which.
    execFile(
      'npm',
      ['audit', '--omit=dev', '--json'],
      { cwd, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') reject(error)
        else resolve({ stdout, stderr })
      },
    )
  })
}

async function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  const required = process.env.AUDIT_REQUIRED === 'true'
  const allowlist = JSON.parse(readFileSync(join(root, 'audit-allowlist.json'), 'utf8'))
  const problems = allowlistProblems(allowlist)
  if (problems.length > 0) {
    for (const problem of problems) console.error(`audit gate: ${problem}`)
    return 1
  }
  const { stdout, stderr } = await runNpmAudit(root)
  const parsed = parseAuditOutput(stdout)
  if (parsed.kind === 'unavailable') {
    console.log(
      `audit gate: the registry offered no audit (${parsed.message}), so no dependency was checked` +
        (required ? '; AUDIT_REQUIRED=true makes that a failure.' : '.'),
    )
    return required ? 1 : 0
  }
  if (parsed.kind === 'error') {
    console.error(`audit gate: npm audit failed: ${parsed.message}`)
    if (stderr.trim()) console.error(stderr.trim())
    return 1
  }
  const today = new Date().toISOString().slice(0, 10)
  const verdict = evaluateAudit(parsed.report, allowlist, today)
  for (const advisory of verdict.covered)
    console.log(
      `audit gate: allowed until ${advisory.expires}: ${advisory.package} (${advisory.severity}) ${advisory.url}: ${advisory.reason}`,
    )
  for (const advisory of verdict.uncovered)
    console.error(
      `audit gate: ${advisory.package} (${advisory.severity}) ${advisory.url || advisory.id} ${advisory.title}` +
        (advisory.expired ? ` (its allowlist entry expired on ${advisory.expired})` : ''),
    )
  if (!verdict.ok) {
    console.error(
      `audit gate: ${verdict.uncovered.length} advisor${verdict.uncovered.length === 1 ? 'y' : 'ies'} at high or critical; ` +
        'upgrade, or add an entry with a reason and an expiry date to audit-allowlist.json.',
    )
    return 1
  }
  const counts = parsed.report.metadata?.vulnerabilities ?? {}
  console.log(
    `audit gate: no uncovered high or critical advisory (npm counts ${counts.high ?? 0} high, ${counts.critical ?? 0} critical; ${verdict.covered.length} allowed).`,
  )
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => {
      process.exitCode = code
    },
    (error) => {
      console.error(`audit gate: ${error instanceof Error ? error.message : String(error)}`)
      process.exitCode = 1
    },
  )
}
