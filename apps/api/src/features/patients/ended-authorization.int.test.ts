// A revoked or expired authorization's Medicare data is not served: the patient
// still appears by name with what staff entered (name, MRN, email, phone), but what the pull wrote onto the
// row (MBI, birth date, gender, state, ZIP, Medicare's spelling of the name) is null and the MBI finds
// nothing, neither as `medicare_number=` nor in `search=`. While authorized, all of it is served as before.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { runLifecycleSweep } from '../authorization-requests/index.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'

const DAY = 24 * 60 * 60 * 1000
let t: TestApp
let revoked: FixturePatient
let sibling: FixturePatient
let expiring: FixturePatient
let admin: TestClient
let user: TestClient

/** What the Medicare pull writes onto the row (ingestion.service.ts `updateDemographics`), beyond the fixture's MBI, birth date and gender. */
async function pulled(patient: FixturePatient, givenNames: string[], familyName: string): Promise<void> {
  await t.app.ctx.db
    .update(patients)
    .set({ givenNames, familyName, state: 'OR', postalCode: '97201' })
    .where(eq(patients.id, patient.id))
}

beforeAll(async () => {
  t = await buildTestApp()
  revoked = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Rosalind Pembrooke', tin: 'first' })
  sibling = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Walter Pembrooke', tin: 'first' })
  expiring = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Ottoline Farquharson', tin: 'first' })
  await pulled(revoked, ['Rosalind', 'Mae'], 'PEMBROOKE')
  await pulled(sibling, ['Walter', 'J'], 'PEMBROOKE')
  await pulled(expiring, ['Ottoline', 'V'], 'FARQUHARSON')
  admin = await loginAs(t.app, 'ACO_ADMIN')
  user = await loginAs(t.app, 'ACO_USER')
})
afterAll(async () => {
  await t.close()
})

const get = async (client: TestClient, url: string) => {
  const response = await client.request({ method: 'GET', url })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}
const ids = (body: { results: { id: string }[] }) => body.results.map((p) => p.id)
const listed = (body: { results: { id: string }[] }, id: string) => body.results.find((p) => p.id === id)

const served = (patient: FixturePatient, givenNames: string[], familyName: string) => ({
  id: patient.id,
  full_name: patient.name,
  given_names: givenNames,
  family_name: familyName,
  mrn: patient.mrn,
  medicare_number: patient.mbi,
  email: patient.email,
  phone: patient.phone,
  birth_date: '1950-04-02',
  date_of_birth: '1950-04-02',
  gender: 'female',
  state: 'OR',
  postal_code: '97201',
})

/** After the authorization ends: the staff-entered fields stay, the pull-sourced ones are null. */
const withheld = (patient: FixturePatient) => {
  const words = patient.name.split(' ')
  return {
    id: patient.id,
    full_name: patient.name,
    name: patient.name,
    given_names: words.slice(0, -1),
    family_name: words.at(-1),
    mrn: patient.mrn,
    medical_record_number: patient.mrn,
    email: patient.email,
    phone: patient.phone,
    phone_number: patient.phone,
    medicare_number: null,
    birth_date: null,
    date_of_birth: null,
    gender: null,
    state: null,
    postal_code: null,
  }
}

async function expectServed(
  client: TestClient,
  patient: FixturePatient,
  givenNames: string[],
  familyName: string,
  nameTerm: string,
) {
  const expected = served(patient, givenNames, familyName)
  expect(await get(client, `/api/patients/${patient.id}/`)).toMatchObject({
    ...expected,
    authorization: { status: 'authorized', request_id: patient.requestId },
  })
  expect(listed(await get(client, `/api/patients/?search=${nameTerm}`), patient.id)).toMatchObject(expected)
  const { mrn: _mrn, medicare_number: _mbi, email: _email, phone: _phone, ...basic } = expected
  expect(await get(client, `/api/patients/${patient.id}/basic_info/`)).toMatchObject(basic)
  expect(ids(await get(client, `/api/patients/?medicare_number=${patient.mbi}`))).toEqual([patient.id])
  expect(ids(await get(client, `/api/patients/?search=${patient.mbi}`))).toEqual([patient.id])
}

async function expectWithheld(client: TestClient, patient: FixturePatient, nameTerm: string) {
  const expected = withheld(patient)
  const one = await get(client, `/api/patients/${patient.id}/`)
  expect(one).toMatchObject(expected)
  expect(JSON.stringify(one)).not.toContain(patient.mbi)
  expect(listed(await get(client, `/api/patients/?search=${nameTerm}`), patient.id)).toMatchObject(expected)
  const {
    mrn: _mrn,
    medical_record_number: _record,
    medicare_number: _mbi,
    email: _email,
    phone: _phone,
    phone_number: _number,
    ...basic
  } = expected
  expect(await get(client, `/api/patients/${patient.id}/basic_info/`)).toMatchObject(basic)
  // The MBI finds nothing; what staff entered still finds the patient.
  expect(ids(await get(client, `/api/patients/?medicare_number=${patient.mbi}`))).toEqual([])
  expect((await get(client, `/api/patients/?medicare_number=${patient.mbi}`)).count).toBe(0)
  expect(ids(await get(client, `/api/patients/?search=${patient.mbi}`))).toEqual([])
  expect(ids(await get(client, `/api/patients/?mrn=${patient.mrn}`))).toEqual([patient.id])
  expect(ids(await get(client, `/api/patients/?search=${encodeURIComponent(patient.email)}`))).toEqual([
    patient.id,
  ])
}

describe('a revoked authorization', () => {
  it('serves the MBI and pulled demographics while authorized, to the requester and the organisation', async () => {
    for (const client of [admin, user]) {
      await expectServed(client, revoked, ['Rosalind', 'Mae'], 'PEMBROOKE', 'Rosalind')
      await expectServed(client, sibling, ['Walter', 'J'], 'PEMBROOKE', 'Walter')
    }
  })

  it('after the revoke, keeps the patient by name but serves and matches no Medicare fields', async () => {
    const response = await admin.request({
      method: 'POST',
      url: `/api/healthplans/requests/${revoked.requestId}/revoke/`,
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().status).toBe('revoked')
    for (const client of [admin, user]) {
      await expectWithheld(client, revoked, 'Rosalind')
      expect(await get(client, `/api/patients/${revoked.id}/`)).toMatchObject({
        authorization: { status: 'revoked', request_id: revoked.requestId },
      })
    }
  })

  it('decides per patient on one page: the authorized sibling keeps its fields', async () => {
    const page = await get(admin, '/api/patients/?search=Pembrooke')
    expect(new Set(ids(page))).toEqual(new Set([revoked.id, sibling.id]))
    expect(listed(page, revoked.id)).toMatchObject(withheld(revoked))
    expect(listed(page, sibling.id)).toMatchObject(served(sibling, ['Walter', 'J'], 'PEMBROOKE'))
    expect(ids(await get(admin, `/api/patients/?medicare_number=${sibling.mbi}`))).toEqual([sibling.id])
  })
})

describe('an expired authorization', () => {
  it('serves everything until the expiry, nothing pulled after it, and still nothing once the sweep marks it expired', async () => {
    await expectServed(admin, expiring, ['Ottoline', 'V'], 'FARQUHARSON', 'Ottoline')
    // The fixture's authorization runs one day; the gate checks the date before the sweep changes the status.
    t.clock.advance(2 * DAY)
    const later = await loginAs(t.app, 'ACO_ADMIN')
    await expectWithheld(later, expiring, 'Ottoline')
    expect(await get(later, `/api/patients/${expiring.id}/`)).toMatchObject({
      authorization: { status: 'authorized' },
    })
    await runLifecycleSweep(t.app.ctx, t.app.ctx.clock())
    const [request] = await t.app.ctx.db
      .select({ status: authorizationRequests.status })
      .from(authorizationRequests)
      .where(eq(authorizationRequests.id, expiring.requestId))
    expect(request?.status).toBe('expired')
    await expectWithheld(later, expiring, 'Ottoline')
    expect(await get(later, `/api/patients/${expiring.id}/`)).toMatchObject({
      authorization: { status: 'expired' },
    })
  })
})
