// The first-start demo data on a fresh app: every demo organisation ends with authorized patients whose
// data went through consent → Blue Button sandbox → pull → mapping → scoring, requests in every status,
// and a second run that adds nothing.
import { SUSPECT_CONDITIONS_USER } from '@blueconsent/bluebutton-sandbox'
import { AUTHORIZATION_STATUSES } from '@blueconsent/contract/authorization-requests'
import type { RiskGapList } from '@blueconsent/contract/risk-gaps'
import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ORGANIZATIONS, type DemoOrganizationKey } from './demo-personas.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { claims, medications, riskScores } from '../../platform/db/schema/clinical.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { riskGapPatients, riskGaps } from '../../platform/db/schema/risk-gaps.ts'
import { loginAs } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { sandboxName } from '../../testing/consent-testing.ts'
import { DEMO_HISTORY_MONTHS } from '../billing/index.ts'
import { DEMO_PLAN } from './demo-plan.ts'
import { seedDemoData, shouldSeedDemoData, type DemoDataResult } from './demo-data.service.ts'

let t: TestApp
let first: DemoDataResult
const SEEDED: DemoOrganizationKey[] = ['aco', 'physicianGroup', 'fqhc', 'insuranceAgency']

beforeAll(async () => {
  t = await buildTestApp({ config: { demoSeed: true } })
  first = await seedDemoData(t.app)
  // A hang catcher: seeding pulls every demo patient, minutes on a CI machine running every suite at once.
}, 360_000)
afterAll(() => t?.close())

async function organizationId(key: DemoOrganizationKey): Promise<string> {
  const [row] = await t.app.ctx.db
    .select()
    .from(organizations)
    .where(eq(organizations.name, DEMO_ORGANIZATIONS[key].name))
  if (!row) throw new Error(`no ${key}`)
  return row.id
}

async function authorizedPatients(key: DemoOrganizationKey): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({ patientId: authorizationRequests.patientId })
    .from(authorizationRequests)
    .where(
      and(
        eq(authorizationRequests.organizationId, await organizationId(key)),
        eq(authorizationRequests.status, 'authorized'),
        eq(authorizationRequests.identityReview, 'none'),
      ),
    )
  return rows.map((row) => row.patientId)
}

const countWhere = async (
  table: typeof claims | typeof medications | typeof riskScores,
  patientId: string,
): Promise<number> => {
  const [row] = await t.app.ctx.db.select({ n: count() }).from(table).where(eq(table.patientId, patientId))
  return row?.n ?? 0
}

describe('demo data at first start', { timeout: 120_000 }, () => {
  it('seeds every demo organisation without failures', () => {
    expect(first.failed).toEqual([])
    expect([...first.seeded].sort()).toEqual([...SEEDED].sort())
  })

  it('gives each provider organisation authorized patients with claims, medications and a risk score', async () => {
    for (const key of ['aco', 'physicianGroup', 'fqhc'] as const) {
      const expected = DEMO_PLAN.find((plan) => plan.organization === key)?.requests.filter(
        (r) => r.outcome === 'authorized',
      ).length
      const patientIds = await authorizedPatients(key)
      expect(patientIds.length, key).toBe(expected)
      for (const patientId of patientIds) {
        expect(await countWhere(claims, patientId), `${key} claims`).toBeGreaterThan(0)
        expect(await countWhere(riskScores, patientId), `${key} risk`).toBeGreaterThan(0)
      }
      const withMedications = await Promise.all(patientIds.map((id) => countWhere(medications, id)))
      expect(
        withMedications.some((n) => n > 0),
        `${key} medications`,
      ).toBe(true)
    }
  })

  it('fills the risk gap worklist of the provider organisations, and never the agency’s', async () => {
    for (const key of ['aco', 'physicianGroup'] as const) {
      const gaps = await t.app.ctx.db
        .select({ value: riskGaps.value })
        .from(riskGaps)
        .where(eq(riskGaps.organizationId, await organizationId(key)))
      expect(
        gaps.some((gap) => Number(gap.value) > 0),
        `${key} gaps`,
      ).toBe(true)
      const patientIds = await authorizedPatients(key)
      const summaries = await t.app.ctx.db
        .select({ partD: riskGapPatients.partD })
        .from(riskGapPatients)
        .where(inArray(riskGapPatients.patientId, patientIds))
      expect(summaries.length, `${key} Part D scores`).toBe(patientIds.length)
    }
    const [agency] = await t.app.ctx.db
      .select({ n: count() })
      .from(riskGaps)
      .where(eq(riskGaps.organizationId, await organizationId('insuranceAgency')))
    expect(agency?.n).toBe(0)
  })

  it('shows the physicians suspect gaps for the fills no claim diagnoses, each with its fills and rule', async () => {
    const { given, family } = sandboxName(`BBUser${String(SUSPECT_CONDITIONS_USER).padStart(5, '0')}`)
    const physician = await loginAs(t.app, 'PHYSICIAN_USER')
    const response = await physician.request({
      method: 'GET',
      url: '/api/risk-gaps/?type=suspect&page_size=100',
    })
    expect(response.statusCode).toBe(200)
    const suspects = (response.json() as RiskGapList).results.filter(
      (gap) => gap.patient_name === `${given} ${family}`,
    )
    // The implied condition's pricing code, and a drug whose fills imply it.
    const expected: Record<string, RegExp> = {
      E119: /metformin|insulin|sitagliptin/i,
      I4891: /apixaban/i,
      F0390: /donepezil/i,
      J449: /tiotropium|salmeterol/i,
    }
    expect(suspects.map((gap) => gap.suggested_code).sort()).toEqual(Object.keys(expected).sort())
    for (const gap of suspects) {
      const drug = expected[gap.suggested_code ?? ''] ?? /^$/
      expect(gap.type).toBe('suspect')
      expect(gap.value, gap.condition).toBeGreaterThan(0)
      expect(gap.rule?.id, gap.condition).toBeTruthy()
      expect(gap.claims, gap.condition).toEqual([])
      expect(
        gap.fills.some((fill) => drug.test(fill.drug_name ?? '')),
        gap.condition,
      ).toBe(true)
    }
  })

  it('gives the agency authorized one-time patients with medications', async () => {
    const patientIds = await authorizedPatients('insuranceAgency')
    expect(patientIds).toHaveLength(3)
    const [rows] = await t.app.ctx.db
      .select({ n: count() })
      .from(authorizationRequests)
      .where(
        and(
          inArray(authorizationRequests.patientId, patientIds),
          eq(authorizationRequests.authorizationType, 'insurance_agent'),
        ),
      )
    expect(rows?.n).toBe(3)
    for (const patientId of patientIds) expect(await countWhere(medications, patientId)).toBeGreaterThan(0)
  })

  it('lets a signed-in demo user find the pulled patients by name, misspelt too', async () => {
    const { given, family } = sandboxName('BBUser00000')
    const aco = await loginAs(t.app, 'ACO_USER')
    for (const term of [family, `${given} ${family.slice(0, 2)}${family.slice(3)}`]) {
      const found = await aco.request({
        method: 'GET',
        url: `/api/patients/?search=${encodeURIComponent(term)}`,
      })
      expect(found.statusCode).toBe(200)
      expect((found.json() as { count: number }).count, term).toBeGreaterThanOrEqual(1)
    }
    const agent = await loginAs(t.app, 'AGENT_USER')
    const mine = await agent.request({ method: 'GET', url: '/api/patients/' })
    expect((mine.json() as { count: number }).count).toBe(2)
  })

  it('puts one ACO patient under the second TIN: the all-TIN admin opens it, the first-TIN user cannot', async () => {
    const { given, family } = sandboxName('BBUser00013')
    const search = `/api/patients/?search=${encodeURIComponent(`${given} ${family}`)}`
    const admin = await loginAs(t.app, 'ACO_ADMIN')
    const listed = (await admin.request({ method: 'GET', url: search })).json() as {
      results: { id: string; full_name: string }[]
    }
    const patient = listed.results.find((row) => row.full_name === `${given} ${family}`)
    expect(patient).toBeDefined()
    const user = await loginAs(t.app, 'ACO_USER')
    const hidden = (await user.request({ method: 'GET', url: search })).json() as {
      results: { id: string }[]
    }
    expect(hidden.results.map((row) => row.id)).not.toContain(patient?.id)
    expect((await user.request({ method: 'GET', url: `/api/patients/${patient?.id}/` })).statusCode).toBe(404)
    expect((await admin.request({ method: 'GET', url: `/api/patients/${patient?.id}/` })).statusCode).toBe(
      200,
    )
  })

  it('gives the individual months of paid invoices, and each team its seats and a pending invitation', async () => {
    const individual = await loginAs(t.app, 'USER')
    const own = await individual.request({ method: 'GET', url: '/api/billing/individual/billing/' })
    expect(own.statusCode).toBe(200)
    const account = own.json() as {
      subscription_status: string
      payment_history: { status: string; created_at: string }[]
    }
    expect(account.subscription_status).toBe('active')
    // The first invoice and one renewal a month since the subscription started.
    expect(account.payment_history.length).toBe(DEMO_HISTORY_MONTHS + 1)
    expect(account.payment_history.every((payment) => payment.status === 'succeeded')).toBe(true)
    const months = new Set(account.payment_history.map((payment) => payment.created_at.slice(0, 7)))
    expect(months.size).toBe(DEMO_HISTORY_MONTHS + 1)

    const admin = await loginAs(t.app, 'ACO_ADMIN')
    const team = await admin.request({ method: 'GET', url: '/api/billing/team/billing/' })
    expect(team.statusCode).toBe(200)
    const teamAccount = team.json() as {
      seats_active: number
      seats_total: number
      pending_invitations: { email: string }[]
    }
    expect(teamAccount.seats_active).toBeGreaterThanOrEqual(2)
    expect(teamAccount.pending_invitations.map((invitation) => invitation.email)).toEqual([
      'new.colleague.aco@example.org',
    ])
  })

  it('leaves requests in every status and one held for identity review', async () => {
    const rows = await t.app.ctx.db
      .select({ status: authorizationRequests.status, review: authorizationRequests.identityReview })
      .from(authorizationRequests)
    const statuses = new Set(rows.map((row) => row.status))
    for (const status of AUTHORIZATION_STATUSES) expect(statuses, status).toContain(status)
    expect(rows.filter((row) => row.review === 'pending').length).toBeGreaterThanOrEqual(1)
  })

  it('adds nothing on a second run', async () => {
    const before = await t.app.ctx.db.select({ n: count() }).from(authorizationRequests)
    const second = await seedDemoData(t.app)
    expect(second.seeded).toEqual([])
    expect([...second.skipped].sort()).toEqual([...SEEDED].sort())
    const after = await t.app.ctx.db.select({ n: count() }).from(authorizationRequests)
    expect(after[0]?.n).toBe(before[0]?.n)
  })

  it('does nothing outside demo mode or against a real Blue Button', () => {
    const { config } = t.app.ctx
    expect(shouldSeedDemoData({ config })).toBe(true)
    expect(shouldSeedDemoData({ config: { ...config, demoSeed: false } })).toBe(false)
    expect(
      shouldSeedDemoData({
        config: { ...config, bluebutton: { ...config.bluebutton, embeddedSandbox: false } },
      }),
    ).toBe(false)
  })
})
