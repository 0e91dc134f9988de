// Every route the portal serves fuzzed from its own zod schemas (testing/contract-fuzz.ts), then sent the same
// hostile shapes (NUL bytes, object-member names, forged X-Forwarded-For, out-of-range years): never a 5xx,
// never a stack trace, never a change of state when all calls were refused. The app runs as deployed behind
// one proxy, with the demo stand-ins mounted and a built web app, so their routes are fuzzed too. CI runs a
// bounded number of cases per route with a fixed seed (FUZZ_SEED and FUZZ_CASES_PER_ROUTE change them);
// bench/fuzz runs the long campaign.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FuzzCallers,
  fuzzRoute,
  fuzzableRoutes,
  type RouteReport,
  type Violation,
} from './testing/contract-fuzz.ts'
import { buildTestApp, type TestApp } from './testing/test-app.ts'

const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES_PER_ROUTE ?? 12)
const SEED = Number(process.env.FUZZ_SEED ?? 20261126)

describe('contract fuzzing', () => {
  let t: TestApp
  const webDistDir = mkdtempSync(join(tmpdir(), 'blueconsent-fuzz-web-'))
  beforeAll(async () => {
    // A built web app of two files: the static routes and the SPA fallback are served as in production.
    mkdirSync(join(webDistDir, 'assets'))
    writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>BlueConsent</title>')
    writeFileSync(join(webDistDir, 'assets', 'app-Fuzz1234.js'), 'export {}')
    t = await buildTestApp({
      config: {
        rateLimitPerMinute: 1_000_000_000,
        rateLimitOrganizationPerMinute: 1_000_000_000,
        trustProxy: 1,
        devTools: true,
        webDistDir,
      },
    })
  }, 300_000)
  afterAll(async () => {
    await t?.close()
    rmSync(webDistDir, { recursive: true, force: true })
  })

  it('finds no 5xx, no leaked stack and no state changed by refused calls on any route', async () => {
    const routes = fuzzableRoutes(t.app.registeredRoutes)
    expect(routes.length).toBeGreaterThan(100)
    // Every family the portal serves is in: API, OAuth, consent, the stand-ins, static files, any other path.
    for (const prefix of [
      '/api/',
      '/o/',
      '/api/consent/',
      '/bb-sandbox/',
      '/stripe-standin/',
      '/assets/',
      '/*',
    ])
      expect(
        routes.some((route) => route.url.startsWith(prefix)),
        prefix,
      ).toBe(true)
    const callers = new FuzzCallers(t.app)
    const violations: Violation[] = []
    const reports: RouteReport[] = []
    for (const route of routes) {
      const outcome = await fuzzRoute(t.app, callers, route, { casesPerRoute: CASES_PER_ROUTE, seed: SEED })
      violations.push(...outcome.violations)
      reports.push(outcome.report)
    }
    const calls = reports.reduce((sum, report) => sum + report.cases, 0)
    const accepted = reports.filter((report) => Object.keys(report.statuses).some((s) => Number(s) < 400))
    console.info(
      `contract fuzz: ${routes.length} routes, ${calls} calls (seed ${SEED}), ` +
        `${accepted.length} routes accepted at least one call, ${violations.length} violations`,
    )
    expect(violations).toEqual([])
  }, 900_000)
})
