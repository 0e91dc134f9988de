// Exports: CSV and FHIR Bundle match the stored rows; ACO and physician roles only; audited.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { claims, medications } from '../../platform/db/schema/clinical.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { EXPORT_COLUMNS } from './patient-export.ts'
import { requestFacts } from '../authorization-requests/index.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'

let t: TestApp
let patient: FixturePatient
let agentPatient: FixturePatient
let scored: FixturePatient
let aco: TestClient

/** What ingestion publishes when a pull's data is released: the Part D score is computed then. */
async function releasePull(fixture: FixturePatient): Promise<void> {
  const { ctx } = t.app
  await ctx.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(authorizationRequests)
      .where(eq(authorizationRequests.id, fixture.requestId))
    if (!request) throw new Error('no request')
    await ctx.events.publish(ctx, tx, 'ingestion.pull_completed', {
      request: requestFacts(ctx, request),
      patientId: fixture.id,
      birthDate: '1950-04-02',
      gender: 'female',
      part2Shared: null,
      at: ctx.clock(),
    })
  })
}

/** RFC 4180 as csvLine writes it: fields with a comma or quote are quoted, quotes doubled. */
function parseCsvLine(line: string): string[] {
  const fields: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i]
    if (quoted && char === '"' && line[i + 1] === '"') {
      field += '"'
      i += 1
    } else if (char === '"') quoted = !quoted
    else if (char === ',' && !quoted) {
      fields.push(field)
      field = ''
    } else field += char
  }
  return [...fields, field]
}

beforeAll(async () => {
  t = await buildTestApp()
  patient = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Dorothy Export', tin: 'first' })
  scored = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Ruth Partd', tin: 'first' })
  await releasePull(scored)
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
    // Named by what it holds and the day, not by the patient's id.
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="patient-claims-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const lines = response.body.trim().split('\r\n')
    expect(lines[0]).toBe(EXPORT_COLUMNS.join(','))
    expect(lines[0]).toBe(
      'Record type,ID,Date,End date,Description,Codes,Provider,Provider NPI,Days supply,Quantity,Total ($),Paid ($),Patient pays ($),Score,Evidence',
    )
    const [medication] = await t.app.ctx.db
      .select()
      .from(medications)
      .where(eq(medications.patientId, patient.id))
    const [claim] = await t.app.ctx.db.select().from(claims).where(eq(claims.patientId, patient.id))
    expect(lines).toContain(
      `Medication,${medication?.resourceId},2025-06-01,,"Metformin, 500 mg",00093-7146-56,Dr. Ana Ruiz,,30,60,12.34,10.34,2.00,,`,
    )
    expect(lines).toContain(
      `Claim,${claim?.resourceId},2025-05-01,2025-05-01,Physician/supplier,E119,Riverbend Clinic,1234567893,,,250.00,96.00,24.00,,`,
    )
    // The stored CMS-HCC score, with no Part D score before the gap computation ran.
    const score = lines.map(parseCsvLine).find((fields) => fields[0] === 'Risk score')
    expect(score?.slice(1, 2)).toEqual(['V28'])
    expect(score?.[EXPORT_COLUMNS.indexOf('Score')]).toMatch(/^\d+\.\d{3}$/)
    expect(score?.[EXPORT_COLUMNS.indexOf('Evidence')]).toContain('ESRD status not in the data')
    expect(lines.some((line) => line.startsWith('Part D score,'))).toBe(false)
    expect(lines).toHaveLength(4)
  })

  it('carries the Part D score beside the CMS-HCC one, each RxHCC traced to its claims and fills', async () => {
    const response = await aco.request({
      method: 'GET',
      url: `/api/patients/${scored.id}/export/?format=csv`,
    })
    expect(response.statusCode).toBe(200)
    const rows = response.body.trim().split('\r\n').map(parseCsvLine)
    expect(rows.every((fields) => fields.length === EXPORT_COLUMNS.length)).toBe(true)
    const column = (name: (typeof EXPORT_COLUMNS)[number]) => EXPORT_COLUMNS.indexOf(name)
    const kinds = rows.slice(1).map((fields) => fields[0])
    expect(kinds.indexOf('Risk score')).toBeLessThan(kinds.indexOf('Part D score'))
    const partD = rows.find((fields) => fields[0] === 'Part D score')
    expect(partD?.[1]).toBe('RxHCC-V08')
    expect(partD?.[column('Codes')]).toBe('RXHCC31')
    expect(partD?.[column('Evidence')]).toMatch(/^raw \d+\.\d{3}; MA-PD \d+\.\d{3}; PDP \d+\.\d{3}$/)
    expect(partD?.[column('Score')]).toBe(partD?.[column('Evidence')]?.match(/MA-PD (\S+);/)?.[1])
    const rx = rows.find((fields) => fields[0] === 'RxHCC')
    expect(rx?.[1]).toBe('RXHCC31')
    expect(rx?.[column('Codes')]).toBe('E119')
    const [claim] = await t.app.ctx.db
      .select({ resourceId: claims.resourceId })
      .from(claims)
      .where(eq(claims.patientId, scored.id))
    expect(rx?.[column('Evidence')]).toBe(
      `claim ${claim?.resourceId} 2025-05-01 E119; fill 2025-06-01 Metformin, 500 mg`,
    )
  })

  it('exports the original resources as a FHIR R4 collection Bundle', async () => {
    const response = await aco.request({
      method: 'GET',
      url: `/api/patients/${patient.id}/export/?format=fhir`,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="patient-fhir-\d{4}-\d{2}-\d{2}\.json"$/,
    )
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
