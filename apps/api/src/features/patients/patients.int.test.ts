// Patients: search by each parameter, trigram search, the scoping matrix on every endpoint,
// agents' medications-only view, the authorization gate on data, claim detail, exports and audit rows.
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { claims, riskScores } from '../../platform/db/schema/clinical.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { insertPatient, setRequestStatus, type FixturePatient } from '../../testing/patients-fixture.ts'
import { IDENTIFIER_SEARCH_REFUSED } from './patients.service.ts'

let t: TestApp
let acoFirst: FixturePatient
let acoSecond: FixturePatient
let physician: FixturePatient
let agentOwn: FixturePatient
let agentColleague: FixturePatient
const clients: Record<string, TestClient> = {}

beforeAll(async () => {
  t = await buildTestApp()
  acoFirst = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Margaret Whitfield', tin: 'first' })
  acoSecond = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Bernard Okafor', tin: 'second' })
  physician = await insertPatient(t, { requester: 'PHYSICIAN_USER', name: 'Lucia Fernandez', tin: null })
  agentOwn = await insertPatient(t, { requester: 'AGENT_USER', name: 'Harold Jensen', tin: null })
  agentColleague = await insertPatient(t, { requester: 'AGENT_ADMIN', name: 'Irene Castillo', tin: null })
  for (const persona of [
    'ACO_ADMIN',
    'ACO_USER',
    'PHYSICIAN_USER',
    'AGENT_USER',
    'AGENT_ADMIN',
    'ADMIN',
  ] as const)
    clients[persona] = await loginAs(t.app, persona)
})
afterAll(async () => {
  await t.close()
})

const client = (persona: string): TestClient => {
  const found = clients[persona]
  if (!found) throw new Error(`no client ${persona}`)
  return found
}
const get = (persona: string, url: string) => client(persona).request({ method: 'GET', url })
const ids = (body: { results: { id: string }[] }) => body.results.map((p) => p.id)

describe('GET /api/patients/ search', () => {
  it('finds by MRN, MBI, uuid, email and phone through the keyed hashes', async () => {
    expect(ids((await get('ACO_ADMIN', `/api/patients/?mrn=${acoFirst.mrn}`)).json())).toEqual([acoFirst.id])
    expect(
      ids((await get('ACO_ADMIN', `/api/patients/?medicare_number=${acoFirst.mbi.toLowerCase()}`)).json()),
    ).toEqual([acoFirst.id])
    expect(ids((await get('ACO_ADMIN', `/api/patients/?uuid=${acoSecond.id}&_t=1`)).json())).toEqual([
      acoSecond.id,
    ])
    expect(
      ids(
        (
          await get('ACO_ADMIN', `/api/patients/?search=${encodeURIComponent(acoFirst.email.toUpperCase())}`)
        ).json(),
      ),
    ).toEqual([acoFirst.id])
    const national = `(${acoFirst.phone.slice(2, 5)}) ${acoFirst.phone.slice(5, 8)}-${acoFirst.phone.slice(8)}`
    expect(
      ids((await get('ACO_ADMIN', `/api/patients/?search=${encodeURIComponent(national)}`)).json()),
    ).toEqual([acoFirst.id])
    expect(ids((await get('ACO_ADMIN', `/api/patients/?search=${acoSecond.mrn}`)).json())).toEqual([
      acoSecond.id,
    ])
  })

  it('finds partial and misspelt names by trigram, best match first', async () => {
    const partial = (await get('ACO_ADMIN', '/api/patients/?search=whitf')).json()
    expect(ids(partial)).toContain(acoFirst.id)
    const misspelt = (await get('ACO_ADMIN', '/api/patients/?search=Margret%20Whitfeld')).json()
    expect(ids(misspelt)[0]).toBe(acoFirst.id)
    expect(misspelt.count).toBeGreaterThanOrEqual(1)
  })

  it('paginates with count, next and previous', async () => {
    const first = (await get('ACO_ADMIN', '/api/patients/?page_size=1')).json()
    expect(first.count).toBeGreaterThanOrEqual(2)
    expect(first.results).toHaveLength(1)
    expect(first.previous).toBeNull()
    expect(first.next).toContain('page=2')
    expect((await get('ACO_ADMIN', '/api/patients/?page_size=101')).statusCode).toBe(400)
  })

  it('lists the organisation newest Medicare data first with ordering=-data_as_of, and keeps it in page links', async () => {
    await t.app.ctx.db
      .update(patients)
      .set({ dataAsOf: new Date('2020-01-01T00:00:00Z') })
      .where(eq(patients.id, acoFirst.id))
    const byName = ids((await get('ACO_ADMIN', '/api/patients/')).json())
    const newest = (await get('ACO_ADMIN', '/api/patients/?ordering=-data_as_of&page_size=1')).json()
    // Margaret Whitfield's data is the oldest now: by name she is after Bernard Okafor, by data last of all.
    expect(byName.indexOf(acoSecond.id)).toBeLessThan(byName.indexOf(acoFirst.id))
    const all = ids((await get('ACO_ADMIN', '/api/patients/?ordering=-data_as_of')).json())
    expect(all[all.length - 1]).toBe(acoFirst.id)
    expect(newest.next).toContain('ordering=-data_as_of')
    expect((await get('ACO_ADMIN', '/api/patients/?ordering=oldest')).statusCode).toBe(400)
  })

  it('shows each served patient’s newest risk score in the list and sorts by it, both ways', async () => {
    const score = (patientId: string, value: string, calculatedAt: string) => ({
      patientId,
      model: 'V28',
      paymentYear: 2026,
      score: value,
      segment: 'CNA',
      result: {},
      calculatedAt: new Date(calculatedAt),
    })
    const added = await t.app.ctx.db
      .insert(riskScores)
      .values([
        score(acoFirst.id, '0.900', '2099-01-01T00:00:00Z'),
        // Only the newest score counts (after the fixture's own): Margaret's 2.400 replaced her 0.900.
        score(acoFirst.id, '2.400', '2099-02-01T00:00:00Z'),
        score(acoSecond.id, '1.100', '2099-02-01T00:00:00Z'),
      ])
      .returning({ id: riskScores.id })
    type Row = { id: string; risk_score?: number | null }
    const list = async (ordering: string): Promise<Row[]> =>
      ((await get('ACO_ADMIN', `/api/patients/?ordering=${ordering}`)).json() as { results: Row[] }).results
    const highest = await list('-risk_score')
    expect(highest.slice(0, 2).map((row) => [row.id, row.risk_score])).toEqual([
      [acoFirst.id, 2.4],
      [acoSecond.id, 1.1],
    ])
    const lowest = ids({ results: await list('risk_score') })
    expect(lowest.indexOf(acoSecond.id)).toBeLessThan(lowest.indexOf(acoFirst.id))
    expect((await get('ACO_ADMIN', '/api/patients/?ordering=-risk_score&page_size=1')).json().next).toContain(
      'ordering=-risk_score',
    )
    // Without an active authorization the score is neither shown nor used to sort.
    await setRequestStatus(t, acoFirst.requestId, 'revoked')
    const afterRevoke = await list('-risk_score')
    expect(afterRevoke[0]?.id).toBe(acoSecond.id)
    expect(afterRevoke.find((row) => row.id === acoFirst.id)?.risk_score).toBeNull()
    await setRequestStatus(t, acoFirst.requestId, 'authorized')
    // The later tests read the fixture's own scores.
    await t.app.ctx.db.delete(riskScores).where(
      inArray(
        riskScores.id,
        added.map((row) => row.id),
      ),
    )
  })

  it('searches only within scope: TINs, organisation, agent requests', async () => {
    expect(ids((await get('ACO_USER', '/api/patients/?search=Okafor')).json())).toEqual([])
    expect(ids((await get('ACO_USER', '/api/patients/?search=Whitfield')).json())).toEqual([acoFirst.id])
    expect(ids((await get('PHYSICIAN_USER', `/api/patients/?mrn=${acoFirst.mrn}`)).json())).toEqual([])
    const agent = ids((await get('AGENT_USER', '/api/patients/')).json())
    expect(agent).toContain(agentOwn.id)
    expect(agent).not.toContain(agentColleague.id)
    expect((await get('ADMIN', '/api/patients/')).statusCode).toBe(403)
  })

  it('answers 400 for an invalid uuid and audits the parameters, never the values', async () => {
    const bad = await get('ACO_ADMIN', '/api/patients/?uuid=not-a-uuid')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ detail: 'Invalid patient ID format', code: 'validation_error' })
    const response = await get(
      'ACO_USER',
      `/api/patients/?medicare_number=${acoFirst.mbi}&search=${acoFirst.mrn}`,
    )
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, String(response.headers['x-request-id'])))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'patient.search',
      patientId: null,
      ipAddress: '127.0.0.1',
      details: { parameters: ['medicare_number', 'search'], results: 1 },
    })
    expect(rows[0]?.actorUserId).toBeTruthy()
    expect(rows[0]?.organizationId).toBeTruthy()
    const all = JSON.stringify(await t.app.ctx.db.select().from(auditLog))
    expect(all).not.toContain(acoFirst.mbi)
    expect(all).not.toContain(acoFirst.mrn)
  })
})

const ENDPOINTS = ['', 'basic_info/', 'risk_score/', 'consolidated/'] as const

describe('scoping matrix', () => {
  const cases: [string, () => FixturePatient, number][] = [
    ['ACO_ADMIN', () => acoFirst, 200],
    ['ACO_ADMIN', () => acoSecond, 200],
    ['ACO_ADMIN', () => physician, 404],
    ['ACO_USER', () => acoFirst, 200],
    ['ACO_USER', () => acoSecond, 404],
    ['ACO_USER', () => agentOwn, 404],
    ['PHYSICIAN_USER', () => physician, 200],
    ['PHYSICIAN_USER', () => acoFirst, 404],
    ['AGENT_USER', () => agentOwn, 200],
    ['AGENT_USER', () => agentColleague, 404],
    ['AGENT_USER', () => physician, 404],
    ['ADMIN', () => acoFirst, 403],
  ]
  it.each(cases)(
    '%s on a patient answers the expected status on every endpoint',
    async (persona, patient, expected) => {
      for (const endpoint of ENDPOINTS) {
        const response = await get(persona, `/api/patients/${patient().id}/${endpoint}`)
        expect([endpoint, response.statusCode]).toEqual([endpoint, expected])
      }
    },
  )

  it('answers the same when every caller asks at once (simultaneous reads share statements)', async () => {
    const asked = cases.flatMap(([persona, patient, expected]) =>
      ENDPOINTS.map((endpoint) => ({ persona, id: patient().id, endpoint, expected })),
    )
    const answers = await Promise.all(
      [...asked, ...asked].map(async ({ persona, id, endpoint }) => {
        const response = await get(persona, `/api/patients/${id}/${endpoint}`)
        const body =
          response.statusCode === 200 ? (response.json() as { id?: string; patient_id?: string }) : {}
        return [persona, id, endpoint, response.statusCode, body.id ?? body.patient_id ?? id]
      }),
    )
    expect(answers).toEqual(
      [...asked, ...asked].map(({ persona, id, endpoint, expected }) => [
        persona,
        id,
        endpoint,
        expected,
        id,
      ]),
    )
  })

  it('shows no patients to a role in the wrong kind of organisation', async () => {
    const [row] = await t.app.ctx.db
      .select({ organizationId: patients.organizationId })
      .from(patients)
      .where(eq(patients.id, physician.id))
    if (!row) throw new Error('no physician patient')
    const setType = (organizationType: 'PHYSICIAN_GROUP' | 'INSURANCE_AGENCY') =>
      t.app.ctx.db
        .update(organizations)
        .set({ organizationType })
        .where(eq(organizations.id, row.organizationId))
    await setType('INSURANCE_AGENCY')
    try {
      expect((await get('PHYSICIAN_USER', `/api/patients/${physician.id}/`)).statusCode).toBe(404)
      expect(ids((await get('PHYSICIAN_USER', '/api/patients/')).json())).toEqual([])
    } finally {
      await setType('PHYSICIAN_GROUP')
    }
    expect((await get('PHYSICIAN_USER', `/api/patients/${physician.id}/`)).statusCode).toBe(200)
  })

  it('answers 400 for a malformed id', async () => {
    const response = await get('ACO_ADMIN', '/api/patients/123/')
    expect(response.statusCode).toBe(400)
    expect(response.json().detail).toBe('Invalid patient ID format')
  })
})

describe('patient data', () => {
  it('serves demographics, identifiers and the newest authorization to providers', async () => {
    const body = (await get('ACO_ADMIN', `/api/patients/${acoFirst.id}/`)).json()
    expect(body).toMatchObject({
      full_name: 'Margaret Whitfield',
      name: 'Margaret Whitfield',
      mrn: acoFirst.mrn,
      medicare_number: acoFirst.mbi,
      email: acoFirst.email,
    })
    expect(body.authorization).toMatchObject({ status: 'authorized', request_id: acoFirst.requestId })
  })

  it('serves medications, claims and the risk score to providers while authorized', async () => {
    const data = (await get('ACO_ADMIN', `/api/patients/${acoFirst.id}/consolidated/`)).json()
    expect(data.medications).toHaveLength(1)
    expect(data.claims).toHaveLength(1)
    expect(data.claims[0]).toMatchObject({
      record_id: acoFirst.claimId,
      claim_type: 'CARRIER',
      diagnoses: [{ code: 'E119' }],
    })
    const risk = (await get('ACO_ADMIN', `/api/patients/${acoFirst.id}/risk_score/`)).json()
    expect(risk.score).toBeGreaterThan(0)
    expect(risk.explanation.model).toBeTruthy()
  })

  it('gives agents medications only, no MBI and no claim', async () => {
    const data = (await get('AGENT_USER', `/api/patients/${agentOwn.id}/consolidated/`)).json()
    expect(data.medications).toHaveLength(1)
    expect(data.claims).toEqual([])
    expect((await get('AGENT_USER', `/api/patients/${agentOwn.id}/risk_score/`)).json().score).toBeNull()
    expect((await get('AGENT_USER', `/api/patients/${agentOwn.id}/`)).json().medicare_number).toBeNull()
    expect((await get('AGENT_USER', `/api/claims/${agentOwn.claimId}/`)).statusCode).toBe(404)
  })

  it('serves claim detail in scope only', async () => {
    const detail = await get('ACO_ADMIN', `/api/claims/${acoFirst.claimId}/`)
    expect(detail.statusCode).toBe(200)
    expect(detail.json()).toMatchObject({
      patient_id: acoFirst.id,
      record_id: acoFirst.claimId,
      service: '99214',
      diagnoses: [{ code: 'E119' }],
      lines: [{ sequence: 1, hcpcs: '99214', submitted_cents: 25000 }],
      procedures: [{ sequence: 1, code: '0DJ08ZZ', performed_on: '2025-05-01' }],
    })
    expect((await get('ACO_USER', `/api/claims/${acoSecond.claimId}/`)).statusCode).toBe(404)
    expect((await get('PHYSICIAN_USER', `/api/claims/${acoFirst.claimId}/`)).statusCode).toBe(404)
  })

  it('serves no data once revoked, expired or held for identity review', async () => {
    const expired = await insertPatient(t, {
      requester: 'ACO_ADMIN',
      name: 'Expired Example',
      tin: 'first',
      request: 'expired',
    })
    const data = (await get('ACO_ADMIN', `/api/patients/${expired.id}/consolidated/`)).json()
    expect([data.medications.length, data.claims.length]).toEqual([0, 0])
    expect((await get('ACO_ADMIN', `/api/claims/${expired.claimId}/`)).statusCode).toBe(404)
    const held = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Held Example', tin: 'first' })
    await setRequestStatus(t, held.requestId, 'authorized', 'pending')
    expect((await get('ACO_ADMIN', `/api/patients/${held.id}/risk_score/`)).json().score).toBeNull()
    await setRequestStatus(t, held.requestId, 'revoked')
    expect((await get('ACO_ADMIN', `/api/patients/${held.id}/consolidated/`)).json().medications).toEqual([])
    // An agent whose only request was revoked no longer sees the patient at all.
    const gone = await insertPatient(t, { requester: 'AGENT_USER', name: 'Revoked Agentcase', tin: null })
    await setRequestStatus(t, gone.requestId, 'revoked')
    expect((await get('AGENT_USER', `/api/patients/${gone.id}/`)).statusCode).toBe(404)
  })

  it('audits every read with user, organisation, patient, IP and request id', async () => {
    const response = await get('ACO_USER', `/api/patients/${acoFirst.id}/risk_score/`)
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, String(response.headers['x-request-id'])))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: 'patient.risk_score',
      patientId: acoFirst.id,
      ipAddress: '127.0.0.1',
      details: { served: true },
    })
    expect(rows[0]?.actorUserId).toBeTruthy()
    expect(rows[0]?.organizationId).toBeTruthy()
    for (const action of ['patient.read', 'patient.basic_info', 'patient.consolidated', 'claim.read']) {
      const found = await t.app.ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.patientId, acoFirst.id)))
      expect([action, found.length > 0]).toEqual([action, true])
    }
  })
})

describe('what agents may search by (MRN and Medicare ID search for ACO and physician roles only)', () => {
  it.each(['AGENT_USER', 'AGENT_ADMIN'])(
    '%s: mrn and medicare_number are refused with 400',
    async (persona) => {
      const patient = persona === 'AGENT_USER' ? agentOwn : agentColleague
      const byMrn = await get(persona, `/api/patients/?mrn=${patient.mrn}`)
      expect(byMrn.statusCode).toBe(400)
      expect(byMrn.json()).toEqual({ detail: IDENTIFIER_SEARCH_REFUSED.mrn, code: 'validation_error' })
      const byMbi = await get(persona, `/api/patients/?medicare_number=${patient.mbi}`)
      expect(byMbi.statusCode).toBe(400)
      expect(byMbi.json()).toEqual({
        detail: IDENTIFIER_SEARCH_REFUSED.medicare_number,
        code: 'validation_error',
      })
    },
  )

  it('matches an agent’s general search on name, email and phone, never on MRN or MBI', async () => {
    expect(ids((await get('AGENT_USER', `/api/patients/?search=${agentOwn.mrn}`)).json())).toEqual([])
    expect(ids((await get('AGENT_USER', `/api/patients/?search=${agentOwn.mbi}`)).json())).toEqual([])
    expect(ids((await get('AGENT_USER', '/api/patients/?search=Jensen')).json())).toEqual([agentOwn.id])
    expect(
      ids((await get('AGENT_USER', `/api/patients/?search=${encodeURIComponent(agentOwn.email)}`)).json()),
    ).toEqual([agentOwn.id])
    const national = `(${agentOwn.phone.slice(2, 5)}) ${agentOwn.phone.slice(5, 8)}-${agentOwn.phone.slice(8)}`
    expect(
      ids((await get('AGENT_USER', `/api/patients/?search=${encodeURIComponent(national)}`)).json()),
    ).toEqual([agentOwn.id])
    // Providers still find by both.
    expect(ids((await get('PHYSICIAN_USER', `/api/patients/?search=${physician.mbi}`)).json())).toEqual([
      physician.id,
    ])
    expect(ids((await get('PHYSICIAN_USER', `/api/patients/?mrn=${physician.mrn}`)).json())).toEqual([
      physician.id,
    ])
  })
})

describe('what each role is shown of a patient (its display options)', () => {
  beforeAll(async () => {
    for (const id of [agentOwn.id, physician.id])
      await t.app.ctx.db.update(patients).set({ state: 'OR', postalCode: '97201' }).where(eq(patients.id, id))
  })

  const HIDDEN_FROM_AGENTS = {
    gender: null,
    state: null,
    postal_code: null,
  }
  const HIDDEN_FROM_AGENTS_FULL = {
    ...HIDDEN_FROM_AGENTS,
    mrn: null,
    medical_record_number: null,
    medicare_number: null,
    email: null,
    phone: null,
    phone_number: null,
    address_line: [],
    city: null,
  }

  it('gives agents name, birth date and authorization, but no MRN, MBI, gender, contact details or address', async () => {
    const list = (await get('AGENT_USER', '/api/patients/?search=Jensen')).json()
    const listed = list.results.find((p: { id: string }) => p.id === agentOwn.id)
    const one = (await get('AGENT_USER', `/api/patients/${agentOwn.id}/`)).json()
    for (const body of [listed, one]) {
      expect(body).toMatchObject({
        id: agentOwn.id,
        full_name: 'Harold Jensen',
        birth_date: '1950-04-02',
        authorization: { status: 'authorized' },
        ...HIDDEN_FROM_AGENTS_FULL,
      })
      expect(JSON.stringify(body)).not.toContain(agentOwn.mrn)
      expect(JSON.stringify(body)).not.toContain(agentOwn.email)
    }
    const basic = (await get('AGENT_USER', `/api/patients/${agentOwn.id}/basic_info/`)).json()
    expect(basic).toMatchObject({
      id: agentOwn.id,
      full_name: 'Harold Jensen',
      birth_date: '1950-04-02',
      ...HIDDEN_FROM_AGENTS,
    })
  })

  it('still gives physician roles the MRN, MBI, gender, contact details and address', async () => {
    const one = (await get('PHYSICIAN_USER', `/api/patients/${physician.id}/`)).json()
    expect(one).toMatchObject({
      mrn: physician.mrn,
      medical_record_number: physician.mrn,
      medicare_number: physician.mbi,
      email: physician.email,
      phone: physician.phone,
      phone_number: physician.phone,
      gender: 'female',
      state: 'OR',
      postal_code: '97201',
    })
    const basic = (await get('PHYSICIAN_USER', `/api/patients/${physician.id}/basic_info/`)).json()
    expect(basic).toMatchObject({ gender: 'female', state: 'OR', postal_code: '97201' })
  })
})

describe('claim lookup by Blue Button id (unique per patient only)', () => {
  it('answers 404 when several patients in scope share the id, and the record id still finds each', async () => {
    const one = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Shared Claimone', tin: 'first' })
    const other = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Shared Claimtwo', tin: 'second' })
    const shared = `carrier-shared-${Date.now()}`
    await t.app.ctx.db.update(claims).set({ resourceId: shared }).where(eq(claims.id, one.claimId))
    await t.app.ctx.db.update(claims).set({ resourceId: shared }).where(eq(claims.id, other.claimId))
    // ACO_ADMIN sees both patients: the Blue Button id names no single claim.
    expect((await get('ACO_ADMIN', `/api/claims/${shared}/`)).statusCode).toBe(404)
    expect((await get('ACO_ADMIN', `/api/claims/${one.claimId}/`)).json()).toMatchObject({
      patient_id: one.id,
      record_id: one.claimId,
    })
    expect((await get('ACO_ADMIN', `/api/claims/${other.claimId}/`)).json()).toMatchObject({
      patient_id: other.id,
      record_id: other.claimId,
    })
    // ACO_USER (first TIN only) sees one of them, so the id is unambiguous within its scope.
    const scoped = await get('ACO_USER', `/api/claims/${shared}/`)
    expect(scoped.statusCode).toBe(200)
    expect(scoped.json()).toMatchObject({ patient_id: one.id, record_id: one.claimId })
  })
})
