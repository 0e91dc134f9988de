// Adherence, the visit planner and the pre-visit brief through the API: provider roles only, scoped by
// organisation and TIN (404 outside), served only under an active authorization, every read audited.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { claimLines, claims, medications } from '../../platform/db/schema/clinical.ts'
import { loginAs } from '../../testing/http-client.ts'
import { insertPatient, setRequestStatus, type FixturePatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let lapsed: FixturePatient
let steady: FixturePatient
let otherTin: FixturePatient
let elsewhere: FixturePatient
let revoked: FixturePatient
let resourceSequence = 0

const STORED_BEFORE = new Date('2026-06-01T00:00:00Z')

async function addFills(patientId: string, fills: [string, number, string][], createdAt = STORED_BEFORE) {
  for (const [fillDate, daysSupply, drugName] of fills) {
    resourceSequence += 1
    await t.app.ctx.db.insert(medications).values({
      patientId,
      resourceId: `adherence-pde-${resourceSequence}`,
      drugName,
      fillDate,
      daysSupply,
      record: {},
      resource: {},
      createdAt,
    })
  }
}

async function addClaim(
  patientId: string,
  claim: { type: 'CARRIER' | 'INPATIENT'; start: string; end: string; hcpcs?: string },
) {
  resourceSequence += 1
  const [row] = await t.app.ctx.db
    .insert(claims)
    .values({
      patientId,
      resourceId: `adherence-claim-${resourceSequence}`,
      claimType: claim.type,
      billableStart: claim.start,
      billableEnd: claim.end,
      providerName: 'Lakeside Family Medicine',
      record: {},
      resource: {},
      createdAt: STORED_BEFORE,
    })
    .returning()
  if (row && claim.hcpcs)
    await t.app.ctx.db
      .insert(claimLines)
      .values({ claimId: row.id, sequence: 1, hcpcs: claim.hcpcs, serviceStart: claim.start })
}

/** The fixture's own medication and claim were stored "now"; the brief's changes need them stored before. */
async function storedBefore(patientId: string) {
  await t.app.ctx.db
    .update(medications)
    .set({ createdAt: STORED_BEFORE })
    .where(eq(medications.patientId, patientId))
  await t.app.ctx.db.update(claims).set({ createdAt: STORED_BEFORE }).where(eq(claims.patientId, patientId))
}

const atorvastatin = 'Atorvastatin Calcium'

beforeAll(async () => {
  t = await buildTestApp()
  t.clock.now = new Date('2026-06-30T12:00:00Z')
  lapsed = await insertPatient(t, { requester: 'ACO_USER', name: 'Lapsed Statin', tin: 'first' })
  steady = await insertPatient(t, { requester: 'ACO_USER', name: 'Steady Statin', tin: 'first' })
  otherTin = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Other Tin Statin', tin: 'second' })
  elsewhere = await insertPatient(t, { requester: 'PHYSICIAN_ADMIN', name: 'Elsewhere Statin', tin: null })
  revoked = await insertPatient(t, { requester: 'ACO_USER', name: 'Revoked Statin', tin: 'first' })
  for (const patient of [lapsed, steady, otherTin, elsewhere, revoked]) await storedBefore(patient.id)
  // Two 30-day fills in January, then nothing: covered 60 of the 181 days from 1 January to 30 June.
  await addFills(lapsed.id, [
    ['2026-01-01', 30, atorvastatin],
    ['2026-01-31', 30, atorvastatin],
    ['2025-02-01', 90, 'Lisinopril'],
    ['2025-05-02', 90, 'Lisinopril'],
  ])
  // An inpatient stay of 10 days in February leaves the period.
  await addClaim(lapsed.id, { type: 'INPATIENT', start: '2026-02-10', end: '2026-02-19' })
  // Last annual wellness visit in March 2025: due again from 1 March 2026.
  await addClaim(lapsed.id, { type: 'CARRIER', start: '2025-03-12', end: '2025-03-12', hcpcs: 'G0439' })
  await addFills(steady.id, [
    ['2026-01-01', 90, atorvastatin],
    ['2026-04-01', 90, atorvastatin],
  ])
  // Seen for the wellness visit in May 2026: next due 1 May 2027.
  await addClaim(steady.id, { type: 'CARRIER', start: '2026-05-04', end: '2026-05-04', hcpcs: 'G0438' })
  for (const patient of [otherTin, elsewhere, revoked])
    await addFills(patient.id, [
      ['2026-01-01', 30, atorvastatin],
      ['2026-01-31', 30, atorvastatin],
    ])
  await setRequestStatus(t, revoked.requestId, 'revoked')
})
afterAll(async () => {
  await t?.close()
})

async function auditRows(action: string, patientId: string | null) {
  const rows = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, action))
  return rows.filter((row) => row.patientId === patientId)
}

describe('a patient’s adherence', () => {
  it('measures the year to date, censors the stay and flags the statin below 80%, audited', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    const response = await user.request({ method: 'GET', url: `/api/patients/${lapsed.id}/adherence/` })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ served: true, year: 2026, as_of: '2026-06-30', threshold: 0.8 })
    const statins = body.measures.find((measure: { measure: string }) => measure.measure === 'statins')
    expect(statins).toMatchObject({
      status: 'below_threshold',
      index_date: '2026-01-01',
      stay_days: 10,
      period_days: 181 - 10,
      // The January supply runs past the stay: 9 days before it, the rest after discharge.
      covered_days: 60,
      covered_through: '2026-03-11',
      ran_out_on: '2026-03-12',
      last_fill: { date: '2026-01-31', drug_name: atorvastatin, days_supply: 30 },
    })
    expect(statins.pdc).toBeCloseTo(60 / 171, 10)
    // Last year's lisinopril fills do not count this year.
    expect(body.measures.find((measure: { measure: string }) => measure.measure === 'ras').status).toBe(
      'no_fills',
    )
    const rows = await auditRows('patient.adherence', lapsed.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]?.reason).toBe(`authorization ${lapsed.requestId}`)
  })

  it('measures a past year in full when asked, and refuses a future one', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    const past = await user.request({ method: 'GET', url: `/api/patients/${lapsed.id}/adherence/?year=2025` })
    expect(past.statusCode).toBe(200)
    const ras = past.json().measures.find((measure: { measure: string }) => measure.measure === 'ras')
    expect(ras).toMatchObject({ status: 'below_threshold', period_end: '2025-12-31', covered_days: 180 })
    const future = await user.request({
      method: 'GET',
      url: `/api/patients/${lapsed.id}/adherence/?year=2027`,
    })
    expect(future.statusCode).toBe(400)
    expect(future.json()).toHaveProperty('detail')
    const bad = await user.request({ method: 'GET', url: `/api/patients/${lapsed.id}/adherence/?year=soon` })
    expect(bad.statusCode).toBe(400)
  })

  it('answers 404 outside the caller’s organisation or TIN, 400 for a malformed id, 403 to agents', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    for (const patient of [otherTin, elsewhere]) {
      const response = await user.request({ method: 'GET', url: `/api/patients/${patient.id}/adherence/` })
      expect(response.statusCode).toBe(404)
    }
    const malformed = await user.request({ method: 'GET', url: '/api/patients/not-a-uuid/adherence/' })
    expect(malformed.statusCode).toBe(400)
    const agent = await loginAs(t.app, 'AGENT_USER')
    const refused = await agent.request({ method: 'GET', url: `/api/patients/${lapsed.id}/adherence/` })
    expect(refused.statusCode).toBe(403)
    const admin = await loginAs(t.app, 'ACO_ADMIN')
    const acrossTins = await admin.request({ method: 'GET', url: `/api/patients/${otherTin.id}/adherence/` })
    expect(acrossTins.statusCode).toBe(200)
  })

  it('leaves out the fills of a pull held for identity review', async () => {
    const [run] = await t.app.ctx.db
      .insert(ingestionRuns)
      .values({ requestId: steady.requestId, patientId: steady.id, status: 'held_for_review' })
      .returning()
    // Someone else's record: a lapsed insulin user, which would exclude the patient from the diabetes measure
    // and add a statin fill.
    await t.app.ctx.db.insert(medications).values([
      {
        patientId: steady.id,
        heldRunId: run!.id,
        resourceId: 'held-1',
        drugName: 'Lantus (Insulin Glargine)',
        fillDate: '2026-02-01',
        daysSupply: 30,
        record: {},
        resource: {},
      },
      {
        patientId: steady.id,
        heldRunId: run!.id,
        resourceId: 'held-2',
        drugName: atorvastatin,
        fillDate: '2026-06-29',
        daysSupply: 90,
        record: {},
        resource: {},
      },
    ])
    const user = await loginAs(t.app, 'ACO_USER')
    const body = (await user.request({ method: 'GET', url: `/api/patients/${steady.id}/adherence/` })).json()
    const statins = body.measures.find((measure: { measure: string }) => measure.measure === 'statins')
    // Counted, the held refill would have covered 30 June too.
    expect(statins).toMatchObject({ status: 'adherent', fills: 2, covered_days: 180, period_days: 181 })
    expect(
      body.measures.find((measure: { measure: string }) => measure.measure === 'diabetes').exclusion,
    ).toBeNull()
  })

  it('measures nothing once the authorization is revoked, and says why in the audit row', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    const response = await user.request({ method: 'GET', url: `/api/patients/${revoked.id}/adherence/` })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ served: false, measures: [] })
    const rows = await auditRows('patient.adherence', revoked.id)
    expect(rows[0]?.reason).toBe('no active authorization')
  })
})

describe('the visit planner', () => {
  type Planned = {
    patient_id: string
    wellness_due_on: string | null
    adherence_flags: { measure: string }[]
  }

  it('lists the served patients due for their wellness visit with their adherence flags, in scope only', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    const response = await user.request({ method: 'GET', url: '/api/adherence/visit-planner/' })
    expect(response.statusCode).toBe(200)
    const body = response.json() as { as_of: string; wellness_due: Planned[] }
    expect(body.as_of).toBe('2026-06-30')
    const ids = body.wellness_due.map((patient) => patient.patient_id)
    expect(ids).toContain(lapsed.id)
    expect(ids).not.toContain(steady.id)
    expect(ids).not.toContain(otherTin.id)
    expect(ids).not.toContain(elsewhere.id)
    expect(ids).not.toContain(revoked.id)
    const due = body.wellness_due.find((patient) => patient.patient_id === lapsed.id)
    expect(due?.wellness_due_on).toBe('2026-03-01')
    expect(due?.adherence_flags.map((flag) => flag.measure)).toEqual(['statins'])
    const rows = await auditRows('visit_planner.read', null)
    expect(rows.at(-1)?.details).toMatchObject({ patients: body.wellness_due.length, below_threshold: false })
  })

  it('filters to the patients below 80%', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    const response = await user.request({
      method: 'GET',
      url: '/api/adherence/visit-planner/?below_threshold=true',
    })
    const listed = (response.json() as { wellness_due: Planned[] }).wellness_due
    expect(listed.map((patient) => patient.patient_id)).toEqual([lapsed.id])
    const wrong = await user.request({
      method: 'GET',
      url: '/api/adherence/visit-planner/?below_threshold=maybe',
    })
    expect(wrong.statusCode).toBe(400)
  })

  it('shows another organisation only its own patients', async () => {
    const physician = await loginAs(t.app, 'PHYSICIAN_ADMIN')
    const response = await physician.request({ method: 'GET', url: '/api/adherence/visit-planner/' })
    const ids = (response.json() as { wellness_due: Planned[] }).wellness_due.map(
      (patient) => patient.patient_id,
    )
    expect(ids).not.toContain(lapsed.id)
    // Never had a wellness visit on their claims: due now.
    const never = (response.json() as { wellness_due: Planned[] }).wellness_due.find(
      (patient) => patient.patient_id === elsewhere.id,
    )
    expect(never).toMatchObject({ wellness_due_on: null, adherence_flags: [{ measure: 'statins' }] })
  })
})

describe('the pre-visit brief', () => {
  it('gathers medications, visits and adherence, and lists what was stored since the last opening', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    const first = await user.request({ method: 'GET', url: `/api/patients/${lapsed.id}/brief/` })
    expect(first.statusCode).toBe(200)
    const brief = first.json()
    expect(brief).toMatchObject({
      patient_name: 'Lapsed Statin',
      served: true,
      last_wellness_visit: { date: '2025-03-12', code: 'G0439' },
      wellness_due_on: '2026-03-01',
      open_gaps: [],
      open_gaps_available: true,
      changes: { since: null, new_fills: [], new_claims: [] },
    })
    expect(brief.medications).toContainEqual(
      expect.objectContaining({
        drug_name: atorvastatin,
        last_fill: '2026-01-31',
        fills: 2,
        measure: 'statins',
      }),
    )
    expect(brief.last_visits[0]).toMatchObject({ date: '2025-05-01', claim_type: 'CARRIER' })
    expect(brief.adherence.measures).toHaveLength(3)

    const opened = await user.request({ method: 'POST', url: `/api/patients/${lapsed.id}/brief/opened/` })
    expect(opened.statusCode).toBe(200)
    expect(opened.json()).toEqual({ opened_at: '2026-06-30T12:00:00.000Z' })
    t.clock.advance(60_000)
    await addFills(lapsed.id, [['2026-06-29', 90, atorvastatin]], new Date('2026-06-30T12:00:30Z'))
    const second = (await user.request({ method: 'GET', url: `/api/patients/${lapsed.id}/brief/` })).json()
    expect(second.changes).toEqual({
      since: '2026-06-30T12:00:00.000Z',
      new_fills: [{ date: '2026-06-29', drug_name: atorvastatin, days_supply: 90 }],
      new_claims: [],
    })
    // Another user's openings are their own.
    const admin = await loginAs(t.app, 'ACO_ADMIN')
    const theirs = (await admin.request({ method: 'GET', url: `/api/patients/${lapsed.id}/brief/` })).json()
    expect(theirs.changes.since).toBeNull()
    expect(await auditRows('patient.brief', lapsed.id)).toHaveLength(3)
  })

  it('answers 404 outside scope, for reading and for marking it opened', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    for (const patient of [otherTin, elsewhere]) {
      const read = await user.request({ method: 'GET', url: `/api/patients/${patient.id}/brief/` })
      expect(read.statusCode).toBe(404)
      const mark = await user.request({ method: 'POST', url: `/api/patients/${patient.id}/brief/opened/` })
      expect(mark.statusCode).toBe(404)
    }
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.brief'), eq(auditLog.patientId, elsewhere.id)))
    expect(rows).toEqual([])
  })

  it('serves only the name after a revoke', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    const brief = (await user.request({ method: 'GET', url: `/api/patients/${revoked.id}/brief/` })).json()
    expect(brief).toMatchObject({ served: false, birth_date: null, medications: [], last_visits: [] })
  })
})
