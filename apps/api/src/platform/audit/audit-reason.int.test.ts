// The "why" of an audit row: a read of one patient's data names the authorization request it
// relied on (`authorization <request id>`: the caller's own for agents, the most recently authorized if
// several) or says `no active authorization`; searches and audit exports carry no reason.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoUser, type DemoPersona } from '../../features/demo-data/index.ts'
import { auditLog } from '../db/schema/audit.ts'
import { authorizationRequests } from '../db/schema/authorization-requests.ts'
import { users } from '../db/schema/users.ts'
import { encrypt, keyedHash } from '../lib/crypto.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { insertPatient, setRequestStatus, type FixturePatient } from '../../testing/patients-fixture.ts'

const HOUR = 60 * 60 * 1000
let t: TestApp
let twice: FixturePatient
let newerRequestId: string
let revoked: FixturePatient
let agentPatient: FixturePatient
let agentAdminRequestId: string
const clients: Partial<Record<DemoPersona, TestClient>> = {}

async function userId(persona: DemoPersona): Promise<string> {
  const [user] = await t.app.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  if (!user) throw new Error(`no user ${persona}`)
  return user.id
}

/** Another authorized request for the patient, by `persona`, authorized at `authorizedAt`. */
async function addAuthorizedRequest(
  patient: FixturePatient,
  persona: DemoPersona,
  authorizedAt: Date,
  createdAt: Date,
): Promise<string> {
  const [fixture] = await t.app.ctx.db
    .select()
    .from(authorizationRequests)
    .where(eq(authorizationRequests.id, patient.requestId))
  if (!fixture) throw new Error('no fixture request')
  const [row] = await t.app.ctx.db
    .insert(authorizationRequests)
    .values({
      organizationId: fixture.organizationId,
      requesterUserId: await userId(persona),
      patientId: patient.id,
      status: 'authorized',
      authorizationType: fixture.authorizationType,
      patientName: patient.name,
      contactMethod: 'email',
      contactEncrypted: encrypt(t.app.ctx.keys, patient.email),
      contactHash: keyedHash(t.app.ctx.keys, patient.email),
      expiresAt: new Date(t.app.ctx.clock().getTime() + 24 * HOUR),
      authorizedAt,
      createdAt,
    })
    .returning({ id: authorizationRequests.id })
  if (!row) throw new Error('request insert failed')
  return row.id
}

const client = (persona: DemoPersona): TestClient => {
  const found = clients[persona]
  if (!found) throw new Error(`no client ${persona}`)
  return found
}

async function ok(
  persona: DemoPersona,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await client(persona).request({ method, url, payload })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response
}

/** The reason of the newest audit row of `action` on the patient by `persona`. */
async function reasonOf(
  persona: DemoPersona,
  patientId: string,
  action: string,
): Promise<string | null | undefined> {
  const [row] = await t.app.ctx.db
    .select({ reason: auditLog.reason })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.patientId, patientId),
        eq(auditLog.action, action),
        eq(auditLog.actorUserId, await userId(persona)),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1)
  return row?.reason
}

beforeAll(async () => {
  t = await buildTestApp()
  const now = t.app.ctx.clock().getTime()
  twice = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Reason Twice', tin: 'first' })
  // Two active authorizations: the fixture's, authorized two days ago, and one created earlier but
  // authorized an hour ago. The most recently authorized is the one named.
  await t.app.ctx.db
    .update(authorizationRequests)
    .set({ authorizedAt: new Date(now - 48 * HOUR) })
    .where(eq(authorizationRequests.id, twice.requestId))
  newerRequestId = await addAuthorizedRequest(
    twice,
    'ACO_ADMIN',
    new Date(now - HOUR),
    new Date(now - 240 * HOUR),
  )
  revoked = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Reason Revoked', tin: 'first' })
  // The agent's patient is also authorized through the agency admin's own request, authorized later.
  agentPatient = await insertPatient(t, { requester: 'AGENT_USER', name: 'Reason Agent', tin: null })
  agentAdminRequestId = await addAuthorizedRequest(
    agentPatient,
    'AGENT_ADMIN',
    new Date(now - HOUR),
    new Date(now - HOUR),
  )
  for (const persona of ['ACO_USER', 'ACO_ADMIN', 'AGENT_USER', 'AGENT_ADMIN'] as const)
    clients[persona] = await loginAs(t.app, persona)
})
afterAll(async () => {
  await t.close()
})

describe('the reason of an audit row', () => {
  it('names the most recently authorized active request on every read, export and note of the patient', async () => {
    const base = `/api/patients/${twice.id}`
    await ok('ACO_USER', 'GET', `${base}/`)
    await ok('ACO_USER', 'GET', `${base}/basic_info/`)
    await ok('ACO_USER', 'GET', `${base}/risk_score/`)
    await ok('ACO_USER', 'GET', `${base}/consolidated/`)
    await ok('ACO_USER', 'GET', `/api/claims/${twice.claimId}/`)
    await ok('ACO_USER', 'GET', `${base}/export/?format=csv`)
    const expected = `authorization ${newerRequestId}`
    for (const action of [
      'patient.read',
      'patient.basic_info',
      'patient.risk_score',
      'patient.consolidated',
      'claim.read',
      'patient.export',
    ]) {
      expect({ action, reason: await reasonOf('ACO_USER', twice.id, action) }).toEqual({
        action,
        reason: expected,
      })
    }
    await ok('ACO_USER', 'GET', `${base}/export/?format=fhir`)
    expect(await reasonOf('ACO_USER', twice.id, 'patient.export')).toBe(expected)

    const note = (await ok('ACO_USER', 'POST', `${base}/notes/`, { body: 'Call after ten.' })).json()
    await ok('ACO_USER', 'GET', `${base}/notes/`)
    await ok('ACO_USER', 'PATCH', `${base}/notes/${note.id}/`, { body: 'Call after eleven.' })
    await ok('ACO_USER', 'DELETE', `${base}/notes/${note.id}/`)
    for (const action of [
      'patient_note.create',
      'patient_note.list',
      'patient_note.update',
      'patient_note.delete',
    ]) {
      expect({ action, reason: await reasonOf('ACO_USER', twice.id, action) }).toEqual({
        action,
        reason: expected,
      })
    }
  })

  it("names an agent's own request, not a colleague's", async () => {
    await ok('AGENT_USER', 'GET', `/api/patients/${agentPatient.id}/`)
    await ok('AGENT_USER', 'GET', `/api/patients/${agentPatient.id}/consolidated/`)
    await ok('AGENT_ADMIN', 'GET', `/api/patients/${agentPatient.id}/`)
    expect(await reasonOf('AGENT_USER', agentPatient.id, 'patient.read')).toBe(
      `authorization ${agentPatient.requestId}`,
    )
    expect(await reasonOf('AGENT_USER', agentPatient.id, 'patient.consolidated')).toBe(
      `authorization ${agentPatient.requestId}`,
    )
    expect(await reasonOf('AGENT_ADMIN', agentPatient.id, 'patient.read')).toBe(
      `authorization ${agentAdminRequestId}`,
    )
  })

  it('says "no active authorization" for an identity-only read after the revoke', async () => {
    await ok('ACO_USER', 'GET', `/api/patients/${revoked.id}/`)
    expect(await reasonOf('ACO_USER', revoked.id, 'patient.read')).toBe(`authorization ${revoked.requestId}`)
    await setRequestStatus(t, revoked.requestId, 'revoked')
    const read = (await ok('ACO_USER', 'GET', `/api/patients/${revoked.id}/`)).json()
    expect(read.medicare_number).toBeNull()
    await ok('ACO_USER', 'GET', `/api/patients/${revoked.id}/consolidated/`)
    expect(await reasonOf('ACO_USER', revoked.id, 'patient.read')).toBe('no active authorization')
    expect(await reasonOf('ACO_USER', revoked.id, 'patient.consolidated')).toBe('no active authorization')
  })

  it('is null for searches and audit exports, and shown in the admin list and the CSV', async () => {
    await ok('ACO_USER', 'GET', '/api/patients/?search=reason')
    const [search] = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'patient.search'))
    expect(search).toMatchObject({ reason: null })

    const listed = (
      await ok('ACO_ADMIN', 'GET', `/api/admin/audit/?patient=${twice.id}&action=patient.read`)
    ).json()
    expect(listed.results[0]).toMatchObject({
      action: 'patient.read',
      reason: `authorization ${newerRequestId}`,
    })
    const csv = (
      await ok('ACO_ADMIN', 'GET', `/api/admin/audit/export/?patient=${twice.id}&action=patient.read`)
    ).body
    const [header, row] = csv.trim().split('\r\n')
    const columns = header?.split(',') ?? []
    expect(columns.slice(-3)).toEqual(['reason', 'details', 'query'])
    expect(row?.split(',')[columns.indexOf('reason')]).toBe(`authorization ${newerRequestId}`)
    const [exported] = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'audit.export'))
    expect(exported).toMatchObject({ reason: null })
  })
})
