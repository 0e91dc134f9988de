// The principal is read from the database on every request (platform/access/access.ts): a change to the user, their
// TINs or their session applies to the very next request made with an access token issued before it.
import { DEMO_PASSWORD, demoUser } from '../../features/demo-data/index.ts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationRequestSchema } from '@blueconsent/contract/authorization-requests'
import { permissionsFor } from '@blueconsent/contract/shared'
import { tins, userTins } from '../db/schema/tins.ts'
import { users } from '../db/schema/users.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

const REQUESTS = '/api/healthplans/requests/'
let t: TestApp
let ipCounter = 0
const nextIp = () => `10.7.0.${++ipCounter}`

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const verify = (client: TestClient) => client.request({ method: 'GET', url: '/api/jwt/verify/' })
const userId = async (email: string): Promise<string> => {
  const [row] = await t.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

/** An ACO_USER's request for a new patient, which lands on the user's one TIN. */
async function createOnOwnTin(client: TestClient): Promise<{ id: string; tinId: string }> {
  const response = await client.request({
    method: 'POST',
    url: REQUESTS,
    payload: {
      health_plan: 'medicare',
      patient_mrn: `MRN-ACCESS-${Date.now()}-${ipCounter}`,
      contact_method: 'email',
      contact_value: `access${ipCounter}@example.org`,
      metadata: { patient_name: 'Ana Silva' },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  const request = authorizationRequestSchema.parse(response.json())
  const scope = (await verify(client)).json().tin_scope as { tin_ids: string[] }
  expect(scope.tin_ids).toHaveLength(1)
  return { id: request.request_id, tinId: scope.tin_ids[0] ?? '' }
}

describe('the principal is read fresh on every request', () => {
  it('refuses a deactivated user on the very next request, and accepts the same token once reactivated', async () => {
    const client = await loginAs(t.app, 'PHYSICIAN_USER', { ip: nextIp() })
    const id = await userId(demoUser('PHYSICIAN_USER').email)
    expect((await verify(client)).statusCode).toBe(200)
    expect((await client.request({ method: 'GET', url: REQUESTS })).statusCode).toBe(200)

    await t.app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, id))
    try {
      for (const url of ['/api/jwt/verify/', REQUESTS]) {
        const refused = await client.request({ method: 'GET', url })
        expect(refused.statusCode, url).toBe(401)
        expect(refused.json().code).toBe('token_not_valid')
      }
    } finally {
      await t.app.ctx.db.update(users).set({ isActive: true }).where(eq(users.id, id))
    }
    expect((await verify(client)).statusCode).toBe(200)
  })

  it('drops a TIN taken from the user from the scope of the very next request, though the token still lists it', async () => {
    const client = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const id = await userId(demoUser('ACO_USER').email)
    const created = await createOnOwnTin(client)
    const detail = () => client.request({ method: 'GET', url: `${REQUESTS}${created.id}/` })
    expect((await detail()).statusCode).toBe(200)
    const claims = JSON.parse(
      Buffer.from((client.access ?? '').split('.')[1] ?? '', 'base64url').toString(),
    ) as { tin_ids: string[] }
    expect(claims.tin_ids).toEqual([created.tinId])

    await t.app.ctx.db.delete(userTins).where(and(eq(userTins.userId, id), eq(userTins.tinId, created.tinId)))
    try {
      expect((await detail()).statusCode).toBe(404)
      expect(
        (await client.request({ method: 'GET', url: REQUESTS }))
          .json()
          .results.map((row: { id: string }) => row.id),
      ).not.toContain(created.id)
      expect((await verify(client)).json().tin_scope.tin_ids).toEqual([])
    } finally {
      await t.app.ctx.db.insert(userTins).values({ userId: id, tinId: created.tinId })
    }
    expect((await detail()).statusCode).toBe(200)
  })

  it('drops a deactivated TIN from the scope of the very next request', async () => {
    const client = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const created = await createOnOwnTin(client)
    const detail = () => client.request({ method: 'GET', url: `${REQUESTS}${created.id}/` })
    await t.app.ctx.db.update(tins).set({ isActive: false }).where(eq(tins.id, created.tinId))
    try {
      expect((await detail()).statusCode).toBe(404)
      expect((await verify(client)).json().tin_scope.tin_ids).toEqual([])
    } finally {
      await t.app.ctx.db.update(tins).set({ isActive: true }).where(eq(tins.id, created.tinId))
    }
    expect((await detail()).statusCode).toBe(200)
  })

  it('applies a role change, and the permissions that follow from it, on the very next request', async () => {
    const client = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
    const id = await userId(demoUser('ACO_ADMIN').email)
    const audit = () => client.request({ method: 'GET', url: '/api/admin/audit/' })
    expect((await audit()).statusCode).toBe(200)

    await t.app.ctx.db.update(users).set({ role: 'ACO_USER', allTins: false }).where(eq(users.id, id))
    try {
      const refused = await audit()
      expect(refused.statusCode).toBe(403)
      expect(refused.json().code).toBe('permission_denied')
      const { user, tin_scope } = (await verify(client)).json()
      expect(user.role).toBe('ACO_USER')
      expect(user.permissions).toEqual(permissionsFor('ACO_USER', 'ACO'))
      expect(tin_scope.all_tins).toBe(false)
    } finally {
      await t.app.ctx.db.update(users).set({ role: 'ACO_ADMIN', allTins: true }).where(eq(users.id, id))
    }
    expect((await audit()).statusCode).toBe(200)
  })

  it('ends the access token of a session that logs out, and only that session', async () => {
    const leaving = await loginAs(t.app, 'CLINICIAN', { ip: nextIp() })
    const staying = await loginAs(t.app, 'CLINICIAN', { ip: nextIp() })
    const accessOfLeaving = leaving.access
    expect((await leaving.request({ method: 'POST', url: '/api/logout/' })).statusCode).toBe(200)
    leaving.access = accessOfLeaving
    const refused = await verify(leaving)
    expect(refused.statusCode).toBe(401)
    expect(refused.json().code).toBe('token_not_valid')
    expect((await verify(staying)).statusCode).toBe(200)
  })

  it('ends the access tokens of the other sessions when the password changes, and keeps this one', async () => {
    const other = await loginAs(t.app, 'AGENT_USER', { ip: nextIp() })
    const current = await loginAs(t.app, 'AGENT_USER', { ip: nextIp() })
    const changed = await current.request({
      method: 'POST',
      url: '/api/users/password-change/',
      payload: {
        old_password: DEMO_PASSWORD,
        new_password: 'Agent-Changed-7',
        new_password_confirm: 'Agent-Changed-7',
      },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await verify(other)).statusCode).toBe(401)
    expect((await verify(current)).statusCode).toBe(200)
  })
})

describe('callers whose accounts are read together', () => {
  it('gives each of many simultaneous callers its own account, and refuses only the session that logged out', async () => {
    const personas = ['ACO_ADMIN', 'PHYSICIAN_ADMIN', 'CLINICIAN'] as const
    const staying = await Promise.all(personas.map((persona) => loginAs(t.app, persona, { ip: nextIp() })))
    const leaving = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
    const accessOfLeaving = leaving.access
    expect((await leaving.request({ method: 'POST', url: '/api/logout/' })).statusCode).toBe(200)
    leaving.access = accessOfLeaving

    // Sent in one turn of the event loop, so their account reads share statements.
    const callers = Array.from({ length: 40 }, (_, index) => index % (personas.length + 1))
    const answers = await Promise.all(callers.map((caller) => verify(staying[caller] ?? leaving)))
    answers.forEach((answer, index) => {
      const persona = personas[callers[index] ?? 0]
      if (callers[index] === personas.length) expect(answer.statusCode).toBe(401)
      else {
        expect(answer.statusCode, answer.body).toBe(200)
        expect(answer.json().user.email).toBe(demoUser(persona ?? 'ACO_ADMIN').email)
      }
    })
  })
})
