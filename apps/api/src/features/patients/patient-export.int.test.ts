// Exports: CSV and FHIR Bundle match the stored rows; ACO and physician roles only; audited.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../db/schema/audit.ts'
import { claims, medications } from '../../db/schema/clinical.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { EXPORT_COLUMNS } from './patient-export.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'

let t: TestApp
let patient: FixturePatient
let agentPatient: FixturePatient
let aco: TestClient

beforeAll(async () => {
  t = await buildTestApp()
  patient = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Dorothy Export', tin: 'first' })
  agentPatient = await insertPatient(t, { requester: 'AGENT_USER', name: 'Agent Export', tin: null })
  aco = await loginAs(t.app, 'ACO_ADMIN')
})
afterAll(async () => {
  await t.close()
})

describe('GET /api/patients/{id}/export/', () => {
  it('exports medications and claims as CSV, as stored', async () => {
    const response = await aco.request({
      method: 'GET',
      url: `/api/patients/${patient.id}/export/?format=csv`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="patient-${patient.id}.csv"`)
    const lines = response.body.trim().split('\r\n')
    expect(lines[0]).toBe(EXPORT_COLUMNS.join(','))
    const [medication] = await t.app.ctx.db
      .select()
      .from(medications)
      .where(eq(medications.patientId, patient.id))
    const [claim] = await t.app.ctx.db.select().from(claims).where(eq(claims.patientId, patient.id))
    expect(lines).toContain(
      `medication,${medication?.resourceId},2025-06-01,,"Metformin, 500 mg",00093-7146-56,Dr. Ana Ruiz,,30,60,1234,1034,200`,
    )
    expect(lines).toContain(
      `claim,${claim?.resourceId},2025-05-01,2025-05-01,CARRIER,E119,Riverbend Clinic,1234567893,,,25000,9600,2400`,
    )
    expect(lines).toHaveLength(3)
  })

  it('exports the original resources as a FHIR R4 collection Bundle', async () => {
    const response = await aco.request({
      method: 'GET',
      url: `/api/patients/${patient.id}/export/?format=fhir`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toContain('attachment;')
    const bundle = response.json()
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection', total: 2 })
    const stored = await t.app.ctx.db
      .select({ resource: claims.resource })
      .from(claims)
      .where(eq(claims.patientId, patient.id))
    expect(bundle.entry.map((e: { resource: unknown }) => e.resource)).toContainEqual(stored[0]?.resource)
  })

  it('is refused to agents and audited for providers', async () => {
    const agent = await loginAs(t.app, 'AGENT_USER')
    expect(
      (await agent.request({ method: 'GET', url: `/api/patients/${agentPatient.id}/export/?format=csv` }))
        .statusCode,
    ).toBe(403)
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.export'), eq(auditLog.patientId, patient.id)))
    expect(rows.map((row) => row.details?.format).sort()).toEqual(['csv', 'fhir'])
  })

  it('answers 404 outside scope and 400 for an unknown format', async () => {
    const physician = await loginAs(t.app, 'PHYSICIAN_USER')
    expect(
      (await physician.request({ method: 'GET', url: `/api/patients/${patient.id}/export/?format=csv` }))
        .statusCode,
    ).toBe(404)
    expect(
      (await aco.request({ method: 'GET', url: `/api/patients/${patient.id}/export/?format=xml` }))
        .statusCode,
    ).toBe(400)
  })
})
