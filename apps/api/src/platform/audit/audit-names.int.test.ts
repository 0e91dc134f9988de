// The audit log reads as sentences: entries carry the patient's name for the reader's own organisation only,
// the person filter lists the people in that organisation's log, and the CSV says the same sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let acoAdmin: TestClient
let patient: FixturePatient

beforeAll(async () => {
  t = await buildTestApp()
  patient = await insertPatient(t, { requester: 'ACO_USER', name: 'Named Auditee', tin: 'first' })
  const acoUser = await loginAs(t.app, 'ACO_USER')
  await acoUser.request({ method: 'GET', url: `/api/patients/${patient.id}/consolidated/` })
  acoAdmin = await loginAs(t.app, 'ACO_ADMIN')
})
afterAll(async () => {
  await t.close()
})

describe('audit log in words', () => {
  it('names the patient for their own organisation, and lists the people in its log', async () => {
    const list = (
      await acoAdmin.request({ method: 'GET', url: `/api/admin/audit/?patient=${patient.id}` })
    ).json()
    expect(list.results[0]).toMatchObject({
      actor_name: 'Jordan Lee',
      patient_name: 'Named Auditee',
      action: 'patient.consolidated',
    })
    const people = (await acoAdmin.request({ method: 'GET', url: '/api/admin/audit/people/' })).json()
    expect(people.results.map((person: { name: string }) => person.name)).toContain('Jordan Lee')
    const csv = (
      await acoAdmin.request({ method: 'GET', url: `/api/admin/audit/export/?patient=${patient.id}` })
    ).body
    expect(csv.split('\n')[0]).toContain('sentence')
    expect(csv).toContain('Jordan Lee viewed the medications and claims of Named Auditee')
  })

  it('gives another organisation’s admin neither the entries nor the names', async () => {
    const physicianAdmin = await loginAs(t.app, 'PHYSICIAN_ADMIN')
    const theirs = (
      await physicianAdmin.request({ method: 'GET', url: `/api/admin/audit/?patient=${patient.id}` })
    ).json()
    expect(theirs.count).toBe(0)
    const people = (await physicianAdmin.request({ method: 'GET', url: '/api/admin/audit/people/' })).json()
    expect(people.results.map((person: { name: string }) => person.name)).not.toContain('Jordan Lee')
  })
})
