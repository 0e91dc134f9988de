// Every API route fuzzed from its own zod schemas (testing/contract-fuzz.ts): never a 5xx, never a stack
// trace, never a change of state when all calls were refused. CI runs a bounded number of cases per route
// with a fixed seed (FUZZ_SEED and FUZZ_CASES_PER_ROUTE change them); bench/fuzz runs the long campaign.
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
  beforeAll(async () => {
    t = await buildTestApp({
      config: { rateLimitPerMinute: 1_000_000_000, rateLimitOrganizationPerMinute: 1_000_000_000 },
    })
  })
  afterAll(() => t?.close())

  it('finds no 5xx, no leaked stack and no state changed by refused calls on any route', async () => {
    const routes = fuzzableRoutes(t.app.registeredRoutes)
    expect(routes.length).toBeGreaterThan(100)
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
  }, 600_000)
})
