// The dashboard's figures are scoped like every other read and agree with a direct count: an ACO admin
// sees their organisation, an ACO user only their TIN, an agent only their own clients, the platform
// administrator the platform and no patients.
import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { riskScores } from '../../platform/db/schema/clinical.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { riskGapPatients } from '../../platform/db/schema/risk-gaps.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { users } from '../../platform/db/schema/users.ts'
import { loginAs } from '../../testing/http-client.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { demoUser } from '../../features/demo-data/index.ts'

let t: TestApp
let onFirstTin: FixturePatient
let onSecondTin: FixturePatient

async function organizationOf(persona: 'ACO_ADMIN'): Promise<string> {
  const [row] = await t.app.ctx.db
    .select({ id: users.organizationId })
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  return row?.id ?? ''
}

beforeAll(async () => {
  t = await buildTestApp()
  onFirstTin = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Dash First Tin', tin: 'first' })
  onSecondTin = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Dash Second Tin', tin: 'second' })
  await insertPatient(t, { requester: 'AGENT_USER', name: 'Dash Agent Client', tin: null })
  // A newer score with an HCC in its primary model: the newest score is the one counted.
  await t.app.ctx.db.insert(riskScores).values({
    patientId: onFirstTin.id,
    model: 'V28',
    paymentYear: 2026,
    score: '1.250',
    segment: 'CNA',
    result: {
      paymentScore: 1.2,
      blend: [{ model: 'V28', weightPercent: 100 }],
      models: [
        {
          model: 'V28',
          hccs: [{ hcc: 'HCC38', label: 'Diabetes with Glycemic, Unspecified, or No Complications' }],
        },
      ],
    },
    calculatedAt: new Date(Date.now() + 60_000),
  })
})
afterAll(async () => {
  await t.close()
})

const dashboard = async (persona: Parameters<typeof loginAs>[1]) =>
  (await (await loginAs(t.app, persona)).request({ method: 'GET', url: '/api/dashboard/' })).json()

describe('dashboard', () => {
  it('gives an ACO admin their organisation’s figures, equal to a direct count', async () => {
    const orgId = await organizationOf('ACO_ADMIN')
    const figures = await dashboard('ACO_ADMIN')
    const [patientCount] = await t.app.ctx.db
      .select({ value: count() })
      .from(patients)
      .where(eq(patients.organizationId, orgId))
    const [authorized] = await t.app.ctx.db
      .select({ value: count() })
      .from(authorizationRequests)
      .where(
        and(eq(authorizationRequests.organizationId, orgId), eq(authorizationRequests.status, 'authorized')),
      )
    expect(figures.kind).toBe('organization')
    expect(figures.patients.patients_total).toBe(patientCount?.value)
    expect(figures.requests.by_status.authorized).toBe(authorized?.value)
    expect(figures.patients.scored).toBeGreaterThanOrEqual(2)
    expect(
      figures.patients.distribution.reduce((sum: number, band: { count: number }) => sum + band.count, 0),
    ).toBe(figures.patients.scored)
    expect(figures.patients.top_hccs).toEqual([
      { hcc: 'HCC38', label: 'Diabetes with Glycemic, Unspecified, or No Complications', patients: 1 },
    ])
    expect(figures.platform).toBeNull()
  })

  it('names the patients whose data was pulled since the user’s last visit, within their scope only', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    const read = async () =>
      (await user.request({ method: 'GET', url: '/api/dashboard/' })).json().changes_since_last_visit
    // A first visit has nothing to compare with.
    expect(await read()).toEqual({ since: null, count: 0, patients: [] })
    const visit = await user.request({ method: 'POST', url: '/api/dashboard/visit/' })
    expect(visit.statusCode).toBe(200)
    const { visited_at } = visit.json() as { visited_at: string }
    expect(await read()).toEqual({ since: visited_at, count: 0, patients: [] })

    const later = new Date(new Date(visited_at).getTime() + 60_000)
    await t.app.ctx.db
      .update(patients)
      .set({ lastSyncedAt: later })
      .where(inArray(patients.organizationId, [await organizationOf('ACO_ADMIN')]))
    // Both ACO patients changed, but this user works on the first TIN only.
    expect(await read()).toEqual({
      since: visited_at,
      count: 1,
      patients: [{ id: onFirstTin.id, name: 'Dash First Tin', last_synced_at: later.toISOString() }],
    })
    const admin = (await dashboard('ACO_ADMIN')).changes_since_last_visit
    expect(admin).toEqual({ since: null, count: 0, patients: [] })
    expect((await dashboard('AGENT_USER')).changes_since_last_visit).toBeNull()
  })

  it('narrows an ACO user to their TIN', async () => {
    const admin = await dashboard('ACO_ADMIN')
    const user = await dashboard('ACO_USER')
    expect(user.patients.patients_total).toBeLessThan(admin.patients.patients_total)
    expect(onFirstTin.id).toBeTruthy()
  })

  it('gives an agent only their own clients, with when each authorization ends', async () => {
    const figures = await dashboard('AGENT_USER')
    expect(figures.kind).toBe('agent')
    expect(figures.upcoming_expiries.map((entry: { patient_name: string }) => entry.patient_name)).toContain(
      'Dash Agent Client',
    )
    expect(
      figures.upcoming_expiries.map((entry: { patient_name: string }) => entry.patient_name),
    ).not.toContain('Dash First Tin')
  })

  it('gives the platform administrator platform totals and no patient figures', async () => {
    const figures = await dashboard('ADMIN')
    const [orgs] = await t.app.ctx.db.select({ value: count() }).from(organizations)
    expect(figures.kind).toBe('platform')
    expect(figures.patients).toBeNull()
    expect(figures.platform.organizations).toBe(orgs?.value)
    expect(figures.requests.sent).toBe(0)
  })
})

describe('risk report', () => {
  it('lists each patient’s newest score with its HCCs, filters by model, exports CSV, and audits both', async () => {
    const admin = await loginAs(t.app, 'ACO_ADMIN')
    const report = (await admin.request({ method: 'GET', url: '/api/reports/risk/?model=V28' })).json()
    const first = report.results.find((row: { patient_id: string }) => row.patient_id === onFirstTin.id)
    expect(first).toMatchObject({ model: 'V28', score: 1.25, hccs: [{ hcc: 'HCC38' }] })
    expect(report.models).toContain('V28')
    const csv = await admin.request({ method: 'GET', url: '/api/reports/risk/export/?model=V28' })
    expect(csv.headers['content-type']).toContain('text/csv')
    expect(csv.body.split('\r\n')[0]).toBe(
      'patient_id,patient_name,tin,model,payment_year,score,payment_score,hccs,part_d_model,part_d_score,part_d_pdp_score,rx_hccs,calculated_at',
    )
    expect(csv.body).toContain('Dash First Tin')
    const audited = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'report.risk_export'))
    expect(audited).toHaveLength(1)
  })

  it('carries each patient’s Part D score and RxHCCs beside the Part C score, and an ESRD score’s HCCs', async () => {
    const admin = await loginAs(t.app, 'ACO_ADMIN')
    await t.app.ctx.db.insert(riskGapPatients).values({
      patientId: onFirstTin.id,
      partD: {
        model: 'RxHCC-V08',
        normalized: [
          { plan: 'MA-PD', factor: 1.194, score: 0.912 },
          { plan: 'PDP', factor: 0.887, score: 1.228 },
        ],
        rx_hccs: [{ rx_hcc: 'RXHCC31', label: 'Diabetes with Complications' }],
      },
      caveats: [],
      computedAt: new Date(),
    })
    await t.app.ctx.db.insert(riskScores).values({
      patientId: onSecondTin.id,
      model: 'ESRD-V24',
      paymentYear: 2026,
      score: '0.812',
      segment: 'DIAL',
      result: {
        paymentScore: 0.5,
        models: [{ model: 'V28', hccs: [{ hcc: 'HCC38', label: 'Diabetes' }] }],
        esrd: {
          paymentScore: 0.812,
          hccs: [{ variable: 'HCC18', label: 'Diabetes with Chronic Complications' }],
        },
      },
      calculatedAt: new Date(Date.now() + 60_000),
    })
    const report = (await admin.request({ method: 'GET', url: '/api/reports/risk/' })).json()
    const first = report.results.find((row: { patient_id: string }) => row.patient_id === onFirstTin.id)
    expect(first).toMatchObject({
      model: 'V28',
      part_d_model: 'RxHCC-V08',
      part_d_score: 0.912,
      part_d_pdp_score: 1.228,
      rx_hccs: [{ rx_hcc: 'RXHCC31', label: 'Diabetes with Complications' }],
    })
    const second = report.results.find((row: { patient_id: string }) => row.patient_id === onSecondTin.id)
    expect(second).toMatchObject({
      model: 'ESRD-V24',
      score: 0.812,
      payment_score: 0.812,
      hccs: [{ hcc: 'HCC18', label: 'Diabetes with Chronic Complications' }],
      part_d_model: null,
      part_d_score: null,
      rx_hccs: [],
    })
    const csv = await admin.request({ method: 'GET', url: '/api/reports/risk/export/' })
    const line = csv.body.split('\r\n').find((row) => row.includes('Dash First Tin'))
    expect(line).toContain(',RxHCC-V08,0.912,1.228,RXHCC31 Diabetes with Complications,')
  })

  it('is for the ACO’s own users only, narrowed to their TINs', async () => {
    const user = (
      await (await loginAs(t.app, 'ACO_USER')).request({ method: 'GET', url: '/api/reports/risk/' })
    ).json()
    expect(user.results.map((row: { patient_name: string }) => row.patient_name)).not.toContain(
      'Dash Second Tin',
    )
    const agent = await loginAs(t.app, 'AGENT_ADMIN')
    expect((await agent.request({ method: 'GET', url: '/api/reports/risk/' })).statusCode).toBe(403)
  })
})
