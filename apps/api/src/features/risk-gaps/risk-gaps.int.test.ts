// The worklist through HTTP on a real database: gaps computed when a pull's data is released (the domain
// event), listed by value within the caller's organisation and TINs (cross-organisation 404, agents 403),
// statuses kept across recomputation, CSV export, the patient's Part D score, and an audit row for each.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PatientRiskGaps, RiskGap, RiskGapList } from '@blueconsent/contract/risk-gaps'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { medications } from '../../platform/db/schema/clinical.ts'
import { riskGaps } from '../../platform/db/schema/risk-gaps.ts'
import { loginAs } from '../../testing/http-client.ts'
import {
  acoTins,
  insertPatient,
  setRequestStatus,
  type FixturePatient,
} from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { requestFacts } from '../authorization-requests/index.ts'

let t: TestApp
let onFirstTin: FixturePatient
let onSecondTin: FixturePatient
let otherOrganization: FixturePatient
let revoked: FixturePatient

/** What ingestion publishes when a pull's data is released: the worklist computes in that transaction. */
async function releasePull(patient: FixturePatient): Promise<void> {
  const { ctx } = t.app
  await ctx.db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(authorizationRequests)
      .where(eq(authorizationRequests.id, patient.requestId))
    if (!request) throw new Error('no request')
    await ctx.events.publish(ctx, tx, 'ingestion.pull_completed', {
      request: requestFacts(ctx, request),
      patientId: patient.id,
      birthDate: '1950-04-02',
      gender: 'female',
      part2Shared: null,
      at: ctx.clock(),
    })
  })
}

beforeAll(async () => {
  t = await buildTestApp()
  // Each fixture patient has a 2025 office visit coding E11.9 and a metformin fill: a diabetes recapture gap.
  onFirstTin = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Gap First Tin', tin: 'first' })
  onSecondTin = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Gap Second Tin', tin: 'second' })
  otherOrganization = await insertPatient(t, {
    requester: 'PHYSICIAN_ADMIN',
    name: 'Gap Physician',
    tin: null,
  })
  revoked = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Gap Revoked', tin: 'first' })
  // Donepezil with no dementia code anywhere: a suspect for the first patient.
  await t.app.ctx.db.insert(medications).values({
    patientId: onFirstTin.id,
    resourceId: `pde-donepezil-${onFirstTin.id}`,
    ndc: '00093222601',
    drugName: 'Donepezil Hydrochloride',
    fillDate: '2026-02-01',
    daysSupply: 30,
    prescriberName: 'Dr. Lee Park',
    prescriberNpi: '1588667638',
    record: {},
    resource: { resourceType: 'ExplanationOfBenefit', id: 'pde-donepezil', type: { text: 'PDE' } },
  })
  for (const patient of [onFirstTin, onSecondTin, otherOrganization, revoked]) await releasePull(patient)
  await setRequestStatus(t, revoked.requestId, 'revoked')
})
afterAll(async () => {
  await t.close()
})

type Persona = Parameters<typeof loginAs>[1]

async function get(persona: Persona, url: string) {
  return (await loginAs(t.app, persona)).request({ method: 'GET', url })
}

async function list(persona: Persona, query = ''): Promise<RiskGap[]> {
  const response = await get(persona, `/api/risk-gaps/${query}`)
  expect(response.statusCode).toBe(200)
  return (response.json() as RiskGapList).results
}

const patientsOf = (gaps: RiskGap[]) => new Set(gaps.map((gap) => gap.patient_id))

async function lastAudit(action: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.occurredAt))
    .limit(1)
  return row
}

describe('the worklist', () => {
  it('lists recapture and suspect gaps of the organisation by value, with evidence, and audits the read', async () => {
    const gaps = await list('ACO_ADMIN')
    const seen = patientsOf(gaps)
    expect(seen.has(onFirstTin.id)).toBe(true)
    expect(seen.has(onSecondTin.id)).toBe(true)
    expect(seen.has(otherOrganization.id)).toBe(false)
    expect(seen.has(revoked.id)).toBe(false)
    expect(gaps.map((gap) => gap.value)).toEqual([...gaps.map((gap) => gap.value)].sort((a, b) => b - a))
    const mine = gaps.filter((gap) => gap.patient_id === onFirstTin.id)
    const recapture = mine.find((gap) => gap.type === 'recapture')
    expect(recapture).toMatchObject({
      hcc: 'HCC38',
      last_date: '2025-05-01',
      provider_name: 'Riverbend Clinic',
      provider_npi: '1234567893',
    })
    expect(recapture?.claims[0]?.codes).toEqual(['E119'])
    const suspect = mine.find((gap) => gap.type === 'suspect')
    expect(suspect).toMatchObject({ condition: 'Dementia', hcc: 'HCC127', confidence: 'high' })
    expect(suspect?.fills[0]?.drug_name).toBe('Donepezil Hydrochloride')
    expect(suspect?.value).toBeGreaterThan(0)
    expect(suspect?.part_d_score).toBeGreaterThan(0)
    const audit = await lastAudit('risk_gaps.list')
    expect(audit?.details).toMatchObject({ status: 'open', rows: gaps.length })
  })

  it('keeps a TIN-scoped user to their TINs, and filters by TIN, type and provider', async () => {
    const acoUser = patientsOf(await list('ACO_USER'))
    expect(acoUser.has(onFirstTin.id)).toBe(true)
    expect(acoUser.has(onSecondTin.id)).toBe(false)
    const filters = (await (await get('ACO_ADMIN', '/api/risk-gaps/filters/')).json()) as {
      tins: { id: string }[]
      providers: { npi: string }[]
    }
    const [organization] = await t.app.ctx.db
      .select({ id: riskGaps.organizationId })
      .from(riskGaps)
      .where(eq(riskGaps.patientId, onSecondTin.id))
    const second = (await acoTins(t, organization?.id ?? ''))[1]
    expect(filters.tins.map((tin) => tin.id)).toContain(second)
    expect(patientsOf(await list('ACO_ADMIN', `?tin=${second}`))).toEqual(new Set([onSecondTin.id]))
    const suspects = await list('ACO_ADMIN', '?type=suspect')
    expect(suspects.map((gap) => gap.type)).toEqual(suspects.map(() => 'suspect'))
    expect(patientsOf(suspects)).toEqual(new Set([onFirstTin.id]))
    expect(filters.providers.map((p) => p.npi)).toContain('1588667638')
    expect(patientsOf(await list('ACO_ADMIN', '?provider=1588667638'))).toEqual(new Set([onFirstTin.id]))
  })

  it('answers 400 for a malformed filter, 403 to agents and 404 across organisations', async () => {
    expect((await get('ACO_ADMIN', '/api/risk-gaps/?type=everything')).statusCode).toBe(400)
    expect((await get('ACO_ADMIN', '/api/risk-gaps/?provider=12')).statusCode).toBe(400)
    expect((await get('AGENT_ADMIN', '/api/risk-gaps/')).statusCode).toBe(403)
    const [gap] = (await list('ACO_ADMIN')).filter((g) => g.patient_id === onFirstTin.id)
    const physician = await loginAs(t.app, 'PHYSICIAN_ADMIN')
    const patch = await physician.request({
      method: 'PATCH',
      url: `/api/risk-gaps/${gap?.id}/`,
      payload: { status: 'addressed' },
    })
    expect(patch.statusCode).toBe(404)
    expect((await get('PHYSICIAN_ADMIN', `/api/risk-gaps/patients/${onFirstTin.id}/`)).statusCode).toBe(404)
    expect(patientsOf(await list('PHYSICIAN_ADMIN'))).toEqual(new Set([otherOrganization.id]))
  })
})

describe('statuses', () => {
  it('dismissing needs a reason; the status is audited, kept across recomputation and filters the list', async () => {
    const client = await loginAs(t.app, 'ACO_ADMIN')
    const [gap] = (await list('ACO_ADMIN', '?type=recapture')).filter((g) => g.patient_id === onSecondTin.id)
    if (!gap) throw new Error('no gap')
    const url = `/api/risk-gaps/${gap.id}/`
    const missing = await client.request({ method: 'PATCH', url, payload: { status: 'dismissed' } })
    expect(missing.statusCode).toBe(400)
    const dismissed = await client.request({
      method: 'PATCH',
      url,
      payload: { status: 'dismissed', reason: 'Resolved after bariatric surgery' },
    })
    expect(dismissed.statusCode).toBe(200)
    expect(dismissed.json()).toMatchObject({
      status: 'dismissed',
      status_reason: 'Resolved after bariatric surgery',
    })
    const audit = await lastAudit('risk_gaps.status')
    expect(audit).toMatchObject({ patientId: onSecondTin.id, targetId: gap.id })
    expect(audit?.details).toMatchObject({ from: 'open', to: 'dismissed' })

    await releasePull(onSecondTin)
    const [row] = await t.app.ctx.db.select().from(riskGaps).where(eq(riskGaps.id, gap.id))
    expect(row).toMatchObject({ status: 'dismissed', current: true })
    expect((await list('ACO_ADMIN')).some((g) => g.id === gap.id)).toBe(false)
    expect((await list('ACO_ADMIN', '?status=dismissed')).map((g) => g.id)).toContain(gap.id)

    const deferred = await client.request({
      method: 'PATCH',
      url,
      payload: { status: 'deferred', defer_until: '2027-01-15' },
    })
    expect(deferred.json()).toMatchObject({
      status: 'deferred',
      defer_until: '2027-01-15',
      status_reason: null,
    })
    const addressed = await client.request({ method: 'PATCH', url, payload: { status: 'addressed' } })
    expect(addressed.json()).toMatchObject({ status: 'addressed', defer_until: null })
  })

  it('a TIN-scoped user cannot change a gap outside their TINs', async () => {
    const [gap] = (await list('ACO_ADMIN', '?status=addressed')).filter(
      (g) => g.patient_id === onSecondTin.id,
    )
    const client = await loginAs(t.app, 'ACO_USER')
    const response = await client.request({
      method: 'PATCH',
      url: `/api/risk-gaps/${gap?.id}/`,
      payload: { status: 'open' },
    })
    expect(response.statusCode).toBe(404)
  })
})

describe('deferred gaps', () => {
  it('reopen once their date has come, audited once as the system’s change; later dates stay deferred', async () => {
    const gaps = await t.app.ctx.db
      .select()
      .from(riskGaps)
      .where(and(eq(riskGaps.patientId, onSecondTin.id), eq(riskGaps.current, true)))
    const [due, later] = [gaps[0], gaps[1]]
    if (!due) throw new Error('no gap')
    const today = t.app.ctx.clock().toISOString().slice(0, 10)
    await t.app.ctx.db
      .update(riskGaps)
      .set({ status: 'deferred', deferUntil: today, statusReason: 'Next visit' })
      .where(eq(riskGaps.id, due.id))
    if (later)
      await t.app.ctx.db
        .update(riskGaps)
        .set({ status: 'deferred', deferUntil: '2999-01-01' })
        .where(eq(riskGaps.id, later.id))
    const open = await list('ACO_ADMIN')
    expect(open.find((gap) => gap.id === due.id)).toMatchObject({
      status: 'open',
      defer_until: null,
      status_reason: null,
    })
    const deferred = await list('ACO_ADMIN', '?status=deferred')
    expect(deferred.map((gap) => gap.id)).not.toContain(due.id)
    if (later) expect(deferred.map((gap) => gap.id)).toContain(later.id)
    const audits = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'risk_gaps.reopened'), eq(auditLog.targetId, due.id)))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ actorUserId: null, patientId: onSecondTin.id, targetType: 'risk_gap' })
    expect(audits[0]?.details).toMatchObject({ from: 'deferred', to: 'open', defer_until: today })
  })
})

describe('export and the patient', () => {
  it('exports the filtered list as CSV and audits it', async () => {
    const response = await get('ACO_ADMIN', '/api/risk-gaps/export/?type=suspect')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    const lines = response.body.trim().split('\r\n')
    expect(lines[0]).toMatch(/^patient_id,patient_name,tin,type,condition/)
    expect(lines[0]).toContain(',part_d_score,')
    expect(lines.slice(1).every((line) => line.includes(',suspect,'))).toBe(true)
    expect(lines).toHaveLength(2)
    // Every row has the header's columns, the patient's Part D score under part_d_score.
    const [suspect] = await list('ACO_ADMIN', '?type=suspect')
    const header = (lines[0] ?? '').split(',')
    const fields = (lines[1] ?? '').split(',')
    expect(fields).toHaveLength(header.length)
    expect(suspect?.part_d_score).not.toBeNull()
    expect(fields[header.indexOf('part_d_score')]).toBe(suspect?.part_d_score?.toFixed(3))
    const audit = await lastAudit('risk_gaps.export')
    expect(audit?.details).toMatchObject({ type: 'suspect', rows: 1 })
  })

  it("serves the patient's gaps and Part D score traced to claims and fills, with caveats, audited", async () => {
    const response = await get('ACO_ADMIN', `/api/risk-gaps/patients/${onFirstTin.id}/`)
    expect(response.statusCode).toBe(200)
    const body = response.json() as PatientRiskGaps
    expect(body.gaps.length).toBeGreaterThanOrEqual(2)
    const diabetes = body.part_d_score?.rx_hccs.find((rx) => rx.rx_hcc === 'RXHCC31')
    expect(diabetes?.diagnoses[0]?.code).toBe('E119')
    expect(diabetes?.diagnoses[0]?.claims[0]?.claim_id).toBe(onFirstTin.claimId)
    expect(diabetes?.fills.map((fill) => fill.drug_name)).toEqual(['Metformin, 500 mg'])
    expect(body.caveats.some((c) => c.includes('42 CFR Part 2'))).toBe(true)
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'risk_gaps.patient'), eq(auditLog.patientId, onFirstTin.id)))
    expect(audit?.reason).toBe(`authorization ${onFirstTin.requestId}`)
  })

  it('serves no gaps once the authorization is revoked', async () => {
    const response = await get('ACO_ADMIN', `/api/risk-gaps/patients/${revoked.id}/`)
    expect(response.json()).toMatchObject({ gaps: [], part_d_score: null })
  })
})
