// Medicare coverage for the agent's policies page: scoped like every patient read, served only under an
// active authorization, audited; the newest month's Part C and Part D plan numbers.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { coverages } from '../../platform/db/schema/clinical.ts'
import { loginAs } from '../../testing/http-client.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let client: FixturePatient
const months = (value: string | null, from: number) =>
  Array.from({ length: 12 }, (_, m) => (m >= from ? value : '0'))

beforeAll(async () => {
  t = await buildTestApp()
  client = await insertPatient(t, { requester: 'AGENT_USER', name: 'Coverage Client', tin: null })
  const record = (part: string, extra: object = {}) => ({
    part,
    status: 'active',
    period: { start: '2016-01-01', end: null },
    referenceYear: '2026',
    lastUpdated: '2026-10-01T00:00:00Z',
    ...extra,
  })
  await t.app.ctx.db.insert(coverages).values([
    { patientId: client.id, resourceId: 'part-a-1', part: 'A', record: record('A'), resource: {} },
    {
      patientId: client.id,
      resourceId: 'part-c-1',
      part: 'C',
      record: record('C', {
        monthly: { partCContract: months('H1234', 3), partCPlanBenefitPackage: months('012', 3) },
      }),
      resource: {},
    },
    {
      patientId: client.id,
      resourceId: 'part-d-1',
      part: 'D',
      record: record('D', {
        monthly: { partDContract: months('S5678', 0), partDPlanBenefitPackage: months('045', 0) },
      }),
      resource: {},
    },
  ])
})
afterAll(async () => {
  await t.close()
})

describe('coverage', () => {
  it('gives the agent their client’s parts and plan numbers, audited', async () => {
    const agent = await loginAs(t.app, 'AGENT_USER')
    const response = await agent.request({ method: 'GET', url: `/api/patients/${client.id}/coverage/` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      reference_year: '2026',
      part_c: { contract: 'H1234', plan: '012' },
      part_d: { contract: 'S5678', plan: '045' },
    })
    expect(response.json().parts.map((part: { part: string }) => part.part)).toEqual(['A', 'C', 'D'])
    const audit = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'patient.coverage'))
    expect(audit).toHaveLength(1)
  })

  it('answers 404 to another agency', async () => {
    const other = await loginAs(t.app, 'ACO_ADMIN')
    expect(
      (await other.request({ method: 'GET', url: `/api/patients/${client.id}/coverage/` })).statusCode,
    ).toBe(404)
  })
})
