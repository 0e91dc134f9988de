// Patient notes: providers write, agents read only, authors (or admins) change their notes,
// bodies are encrypted at rest, out-of-scope patients answer 404 and every action is audited.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { patientNotes } from '../../platform/db/schema/patient-notes.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'

let t: TestApp
let patient: FixturePatient
let agentPatient: FixturePatient
let acoUser: TestClient
let acoAdmin: TestClient

beforeAll(async () => {
  t = await buildTestApp()
  patient = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Noted Person', tin: 'first' })
  agentPatient = await insertPatient(t, { requester: 'AGENT_USER', name: 'Agent Noted', tin: null })
  acoUser = await loginAs(t.app, 'ACO_USER')
  acoAdmin = await loginAs(t.app, 'ACO_ADMIN')
})
afterAll(async () => {
  await t.close()
})

const notesUrl = (id: string) => `/api/patients/${id}/notes/`

describe('patient notes', () => {
  it('creates, lists, edits and deletes a note, encrypted at rest and audited', async () => {
    const created = await acoUser.request({
      method: 'POST',
      url: notesUrl(patient.id),
      payload: { body: '  Prefers morning calls.  ' },
    })
    expect(created.statusCode).toBe(201)
    const note = created.json()
    expect(note).toMatchObject({
      body: 'Prefers morning calls.',
      patient_id: patient.id,
      author: { name: 'Jordan Lee' },
    })
    const [stored] = await t.app.ctx.db.select().from(patientNotes).where(eq(patientNotes.id, note.id))
    expect(stored?.bodyEncrypted).not.toContain('morning')
    const list = (await acoAdmin.request({ method: 'GET', url: notesUrl(patient.id) })).json()
    expect(list).toMatchObject({ count: 1, results: [{ id: note.id }] })
    const edited = await acoUser.request({
      method: 'PATCH',
      url: `${notesUrl(patient.id)}${note.id}/`,
      payload: { body: 'Prefers evening calls.' },
    })
    expect(edited.json().body).toBe('Prefers evening calls.')
    expect(
      (await acoUser.request({ method: 'DELETE', url: `${notesUrl(patient.id)}${note.id}/` })).statusCode,
    ).toBe(204)
    expect((await acoUser.request({ method: 'GET', url: notesUrl(patient.id) })).json().count).toBe(0)
    const actions = (await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, note.id))).map(
      (row) => row.action,
    )
    expect(actions.sort()).toEqual(['patient_note.create', 'patient_note.delete', 'patient_note.update'])
    expect(
      JSON.stringify(await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.patientId, patient.id))),
    ).not.toContain('calls')
  })

  it('validates the body length', async () => {
    expect(
      (await acoUser.request({ method: 'POST', url: notesUrl(patient.id), payload: { body: ' ' } }))
        .statusCode,
    ).toBe(400)
    expect(
      (
        await acoUser.request({
          method: 'POST',
          url: notesUrl(patient.id),
          payload: { body: 'x'.repeat(5001) },
        })
      ).statusCode,
    ).toBe(400)
  })

  it('lets only the author or an admin change a note', async () => {
    const note = (
      await acoAdmin.request({ method: 'POST', url: notesUrl(patient.id), payload: { body: 'Admin note' } })
    ).json()
    expect(
      (
        await acoUser.request({
          method: 'PATCH',
          url: `${notesUrl(patient.id)}${note.id}/`,
          payload: { body: 'x' },
        })
      ).statusCode,
    ).toBe(403)
    expect(
      (await acoUser.request({ method: 'DELETE', url: `${notesUrl(patient.id)}${note.id}/` })).statusCode,
    ).toBe(403)
  })

  it('is read-only for agents and 404 outside scope', async () => {
    const agent = await loginAs(t.app, 'AGENT_USER')
    expect((await agent.request({ method: 'GET', url: notesUrl(agentPatient.id) })).statusCode).toBe(200)
    expect(
      (await agent.request({ method: 'POST', url: notesUrl(agentPatient.id), payload: { body: 'hi' } }))
        .statusCode,
    ).toBe(403)
    const physician = await loginAs(t.app, 'PHYSICIAN_USER')
    expect((await physician.request({ method: 'GET', url: notesUrl(patient.id) })).statusCode).toBe(404)
    expect(
      (await physician.request({ method: 'POST', url: notesUrl(patient.id), payload: { body: 'hi' } }))
        .statusCode,
    ).toBe(404)
  })
})
