// The lifecycle matrix: access after a change, on the next request. For each kind of change in CHANGES
// (a user deactivated, an organisation deactivated and reactivated, a role raised and lowered, a TIN
// deactivated or taken from a user, a password changed or reset), a fresh user made like a demo persona signs
// in, the change is made through the API, and then every signed-in route of the route table is called again
// with the token issued BEFORE the change and, where sign-in is still possible, with a new sign-in. Each
// answer must be what the new state allows: 401 for an access that ended, else the access-matrix row
// (access-matrix.expected.ts) of the role the user now has; patient reads check the TIN scope that follows.
// A new kind of change is one entry in CHANGES.
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORGANIZATION_SUSPENDED_MESSAGE } from '@blueconsent/contract/shared'
import { auditLog } from './platform/db/schema/audit.ts'
import { patients } from './platform/db/schema/patients.ts'
import { userTins } from './platform/db/schema/tins.ts'
import { userGroups, users } from './platform/db/schema/users.ts'
import { hashPassword } from './platform/identity/index.ts'
import type { RegisteredRoute } from './platform/access/access.ts'
import { demoUser, type DemoPersona } from './features/demo-data/index.ts'
import { listRecentMessages } from './platform/outbox/index.ts'
import { createClient, loginAs, type TestClient } from './testing/http-client.ts'
import { acoTins, insertPatient, type FixturePatient } from './testing/patients-fixture.ts'
import { NOBODY, declaredCallers, keyOf, signedInRoutes, urlWith } from './testing/route-table.ts'
import { buildTestApp, type TestApp } from './testing/test-app.ts'

const PASSWORD = 'Lifecycle-Matrix-Passw0rd!'
const SWEEP_PARALLEL = 8
const NEW_PASSWORD = 'Lifecycle-Matrix-Changed-9!'

/** What a caller may do after the change: nothing (every route 401), or what a persona's row allows. */
type Allowed = 'nothing' | { row: DemoPersona }

/** A patient read the subject makes before and after the change, with the status each must answer. */
type RecordCheck = { patient: string; before: number; after: number }

type Subject = { id: string; email: string; organizationId: string; password: string }

type Env = {
  t: TestApp
  subject: Subject
  /** The platform's superuser, signed in. */
  platform: TestClient
  /** The demo ACO's admin, signed in (TINs and members). */
  acoAdmin: TestClient
  patients: Record<'firstTin' | 'secondTin' | 'noTin', FixturePatient>
}

type Change = {
  name: string
  /** The subject is a fresh user made like this persona: role, organisation, groups, TIN scope. */
  like: DemoPersona
  /** Gives the subject a setting of its own before it signs in (an organisation, TINs, a patient). */
  prepare?(env: Env): Promise<{ records?: RecordCheck[] } | void>
  /** Makes the change through the API, as an administrator or the subject would. */
  apply(env: Env): Promise<void>
  oldToken: Allowed
  /** A sign-in after the change: refused with this status and message, or what it may then do. */
  newSignIn: Allowed | Refusal
}

const expectOk = async (response: Promise<{ statusCode: number; body: string }>) => {
  const { statusCode, body } = await response
  expect(statusCode, body).toBeLessThan(300)
}

async function freshOrganization(env: Env, type: 'PHYSICIAN_GROUP'): Promise<string> {
  const response = await env.platform.request({
    method: 'POST',
    url: '/api/admin/organizations/',
    payload: { name: `Lifecycle ${Math.random().toString(36).slice(2, 8)}`, organization_type: type },
  })
  expect(response.statusCode, response.body).toBe(201)
  const id = response.json().id as string
  await env.t.app.ctx.db.update(users).set({ organizationId: id }).where(eq(users.id, env.subject.id))
  env.subject.organizationId = id
  return id
}

const setOrganizationActive = (env: Env, active: boolean) =>
  expectOk(
    env.platform.request({
      method: 'PATCH',
      url: `/api/admin/organizations/${env.subject.organizationId}/`,
      payload: { is_active: active, reason: 'Lifecycle matrix' },
    }),
  )

const changeRole = (env: Env, role: string) =>
  expectOk(
    env.platform.request({
      method: 'PATCH',
      url: `/api/admin/users/${env.subject.id}/role/`,
      payload: { role },
    }),
  )

async function setTins(env: Env, tinIds: string[]): Promise<void> {
  const db = env.t.app.ctx.db
  await db.update(users).set({ allTins: false }).where(eq(users.id, env.subject.id))
  await db.delete(userTins).where(eq(userTins.userId, env.subject.id))
  await db.insert(userTins).values(tinIds.map((tinId) => ({ userId: env.subject.id, tinId })))
}

async function newestResetLink(env: Env): Promise<{ uid: string; token: string }> {
  const messages = await listRecentMessages(env.t.app.ctx, 20)
  const mail = messages.find(
    (message) => message.to === env.subject.email && message.row.template === 'password-reset',
  )
  const match = mail?.text.match(/password-reset\/([^/\s]+)\/([^/\s]+)/)
  if (!match?.[1] || !match[2]) throw new Error('no reset link in the outbox')
  return { uid: match[1], token: match[2] }
}

type Refusal = { refused: number; detail: string }
const isRefusal = (outcome: Allowed | Refusal): outcome is Refusal =>
  typeof outcome === 'object' && 'refused' in outcome

/** The TIN a 'TIN deactivated' subject works under, by subject. */
const tinOf = new Map<string, string>()

const SUSPENDED = { refused: 403, detail: ORGANIZATION_SUSPENDED_MESSAGE } as const

const CHANGES: Change[] = [
  {
    name: 'user deactivated',
    like: 'ACO_USER',
    apply: (env) =>
      expectOk(
        env.platform.request({ method: 'POST', url: `/api/admin/users/${env.subject.id}/deactivate/` }),
      ),
    oldToken: 'nothing',
    newSignIn: { refused: 403, detail: 'This account is inactive.' },
  },
  {
    name: 'organisation deactivated',
    like: 'PHYSICIAN_ADMIN',
    prepare: async (env) => {
      await freshOrganization(env, 'PHYSICIAN_GROUP')
    },
    apply: (env) => setOrganizationActive(env, false),
    oldToken: 'nothing',
    newSignIn: SUSPENDED,
  },
  {
    name: 'organisation deactivated, then reactivated',
    like: 'PHYSICIAN_ADMIN',
    prepare: async (env) => {
      await freshOrganization(env, 'PHYSICIAN_GROUP')
    },
    apply: async (env) => {
      await setOrganizationActive(env, false)
      await setOrganizationActive(env, true)
    },
    // The sessions ended with the deactivation stay ended: reactivation means signing in again.
    oldToken: 'nothing',
    newSignIn: { row: 'PHYSICIAN_ADMIN' },
  },
  {
    name: 'role raised',
    like: 'PHYSICIAN_USER',
    apply: (env) => changeRole(env, 'PHYSICIAN_ADMIN'),
    oldToken: { row: 'PHYSICIAN_ADMIN' },
    newSignIn: { row: 'PHYSICIAN_ADMIN' },
  },
  {
    name: 'role lowered (an ACO admin with every TIN and the admin group)',
    like: 'ACO_ADMIN',
    prepare: async (env) => ({
      records: [
        { patient: env.patients.secondTin.id, before: 200, after: 404 },
        { patient: env.patients.firstTin.id, before: 200, after: 404 },
        { patient: env.patients.noTin.id, before: 200, after: 200 },
      ],
    }),
    apply: (env) => changeRole(env, 'ACO_USER'),
    oldToken: { row: 'ACO_USER' },
    newSignIn: { row: 'ACO_USER' },
  },
  {
    name: 'TIN deactivated',
    like: 'ACO_USER',
    prepare: async (env) => {
      const created = await env.acoAdmin.request({
        method: 'POST',
        url: `/api/organizations/${env.subject.organizationId}/tins/`,
        payload: {
          identifier_value: `8${String(Date.now()).slice(-8)}`,
          provider_org_name: 'Lifecycle Clinic',
        },
      })
      expect(created.statusCode, created.body).toBe(201)
      const tinId = created.json().id as string
      await setTins(env, [tinId])
      const patient = await insertPatient(env.t, {
        requester: 'ACO_ADMIN',
        name: 'Lifecycle Tin',
        tin: 'first',
      })
      await env.t.app.ctx.db.update(patients).set({ tinId }).where(eq(patients.id, patient.id))
      tinOf.set(env.subject.id, tinId)
      return {
        records: [
          { patient: patient.id, before: 200, after: 404 },
          { patient: env.patients.firstTin.id, before: 404, after: 404 },
        ],
      }
    },
    apply: (env) =>
      expectOk(
        env.acoAdmin.request({
          method: 'DELETE',
          url: `/api/organizations/${env.subject.organizationId}/tins/${tinOf.get(env.subject.id)}/`,
        }),
      ),
    oldToken: { row: 'ACO_USER' },
    newSignIn: { row: 'ACO_USER' },
  },
  {
    name: 'TIN removed from the user',
    like: 'ACO_USER',
    prepare: async (env) => {
      const [first, second] = await acoTins(env.t, env.subject.organizationId)
      await setTins(env, [first ?? '', second ?? ''])
      return {
        records: [
          { patient: env.patients.secondTin.id, before: 200, after: 404 },
          { patient: env.patients.firstTin.id, before: 200, after: 200 },
        ],
      }
    },
    apply: async (env) => {
      const [first] = await acoTins(env.t, env.subject.organizationId)
      await expectOk(
        env.acoAdmin.request({
          method: 'PATCH',
          url: `/api/organizations/${env.subject.organizationId}/members/${env.subject.id}/`,
          payload: { tin_ids: [first] },
        }),
      )
    },
    oldToken: { row: 'ACO_USER' },
    newSignIn: { row: 'ACO_USER' },
  },
  {
    name: 'password changed (from another session)',
    like: 'AGENT_USER',
    apply: async (env) => {
      const other = createClient(env.t.app)
      await expectOk(other.login(env.subject.email, env.subject.password))
      await expectOk(
        other.request({
          method: 'POST',
          url: '/api/users/password-change/',
          payload: { old_password: PASSWORD, new_password: NEW_PASSWORD, new_password_confirm: NEW_PASSWORD },
        }),
      )
      env.subject.password = NEW_PASSWORD
    },
    oldToken: 'nothing',
    newSignIn: { row: 'AGENT_USER' },
  },
  {
    name: 'password reset',
    like: 'CLINICIAN',
    apply: async (env) => {
      const anonymous = createClient(env.t.app)
      await expectOk(
        anonymous.request({
          method: 'POST',
          url: '/api/users/password-reset/',
          payload: { email: env.subject.email },
        }),
      )
      const { uid, token } = await newestResetLink(env)
      await expectOk(
        anonymous.request({
          method: 'POST',
          url: '/api/users/password-reset-confirm/',
          payload: { uid, token, password: NEW_PASSWORD, password_confirm: NEW_PASSWORD },
        }),
      )
      env.subject.password = NEW_PASSWORD
    },
    oldToken: 'nothing',
    newSignIn: { row: 'CLINICIAN' },
  },
]

let madeUsers = 0

/** A new user with the persona's role, organisation, groups and TIN scope, and a password of our own. */
async function userLike(t: TestApp, persona: DemoPersona): Promise<Subject> {
  const db = t.app.ctx.db
  const [model] = await db
    .select()
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  if (!model?.organizationId) throw new Error(`${persona} has no organisation`)
  madeUsers += 1
  const email = `lifecycle-${madeUsers}-${persona.toLowerCase()}@example.test`
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Lifecycle',
      lastName: persona,
      role: model.role,
      organizationId: model.organizationId,
      allTins: model.allTins,
      emailVerifiedAt: new Date(),
    })
    .returning()
  if (!row) throw new Error('insert failed')
  const groups = await db.select().from(userGroups).where(eq(userGroups.userId, model.id))
  if (groups.length > 0)
    await db.insert(userGroups).values(groups.map((group) => ({ userId: row.id, name: group.name })))
  const tins = await db.select().from(userTins).where(eq(userTins.userId, model.id))
  if (tins.length > 0)
    await db.insert(userTins).values(tins.map((tin) => ({ userId: row.id, tinId: tin.tinId })))
  return { id: row.id, email, organizationId: model.organizationId, password: PASSWORD }
}

async function signIn(t: TestApp, subject: Subject) {
  const client = createClient(t.app)
  const response = await client.login(subject.email, subject.password)
  return { client, response }
}

/** Only the bearer token: no refresh cookie a route could end the session with, as a token thief holds it. */
const bearerOnly = (t: TestApp, access: string | null): TestClient => {
  const client = createClient(t.app)
  client.access = access
  return client
}

/** Calls every signed-in route as `client` and lists each answer that is not what `allowed` says. */
async function sweep(
  t: TestApp,
  client: TestClient,
  allowed: Allowed,
  label: string,
): Promise<{ cells: number; mismatches: string[] }> {
  const mismatches: string[] = []
  const routes = signedInRoutes(t.app.registeredRoutes)
  const check = async (route: RegisteredRoute) => {
    const key = keyOf(route)
    const response = await client.request({
      method: route.method as 'GET',
      url: urlWith(route, NOBODY),
      payload: {},
    })
    const status = response.statusCode
    if (allowed === 'nothing') {
      if (status !== 401) mismatches.push(`${label} ${key} → ${status}, expected 401`)
      return
    }
    const declared = declaredCallers(key)?.has(allowed.row) ?? false
    if (declared && (status === 401 || status === 403))
      mismatches.push(`${label} ${key} → ${status}, expected ${allowed.row}'s access`)
    if (!declared && status !== 403) mismatches.push(`${label} ${key} → ${status}, expected 403`)
  }
  // A few at a time: the routes share nothing the placeholder id could reach, and the run stays short.
  for (let start = 0; start < routes.length; start += SWEEP_PARALLEL)
    await Promise.all(routes.slice(start, start + SWEEP_PARALLEL).map(check))
  return { cells: routes.length, mismatches }
}

async function recordStatuses(client: TestClient, checks: readonly RecordCheck[]): Promise<number[]> {
  const statuses: number[] = []
  for (const check of checks)
    statuses.push(
      (await client.request({ method: 'GET', url: `/api/patients/${check.patient}/` })).statusCode,
    )
  return statuses
}

describe('lifecycle matrix', () => {
  let t: TestApp
  let base: Omit<Env, 'subject'>
  let cells = 0

  beforeAll(async () => {
    t = await buildTestApp({
      config: { rateLimitPerMinute: 1_000_000_000, rateLimitOrganizationPerMinute: 1_000_000_000 },
    })
    base = {
      t,
      platform: await loginAs(t.app, 'ADMIN'),
      acoAdmin: await loginAs(t.app, 'ACO_ADMIN'),
      patients: {
        firstTin: await insertPatient(t, { requester: 'ACO_USER', name: 'Lifecycle First', tin: 'first' }),
        secondTin: await insertPatient(t, {
          requester: 'ACO_ADMIN',
          name: 'Lifecycle Second',
          tin: 'second',
        }),
        noTin: await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Lifecycle None', tin: null }),
      },
    }
  })
  afterAll(async () => {
    console.info(`lifecycle matrix: ${CHANGES.length} changes, ${cells} cells`)
    await t?.close()
  })

  it.each(CHANGES.map((change) => [change.name, change] as const))(
    '%s: the token from before and a new sign-in get what the new state allows',
    async (_name, change) => {
      const env: Env = { ...base, subject: await userLike(t, change.like) }
      const prepared = (await change.prepare?.(env)) ?? {}
      const records = prepared.records ?? []
      const before = await signIn(t, env.subject)
      expect(before.response.statusCode, before.response.body).toBe(200)
      const oldToken = bearerOnly(t, before.client.access)
      // Each record check could fail: it answers differently before the change.
      expect(await recordStatuses(oldToken, records)).toEqual(records.map((check) => check.before))

      await change.apply(env)

      const mismatches: string[] = []
      const old = await sweep(t, oldToken, change.oldToken, 'token from before')
      cells += old.cells
      mismatches.push(...old.mismatches)
      if (change.oldToken !== 'nothing') {
        cells += records.length
        expect(await recordStatuses(oldToken, records)).toEqual(records.map((check) => check.after))
      }
      // The refresh cookie from before mints a token only while the old access lives.
      const refresh = await before.client.request({ method: 'POST', url: '/api/jwt/refresh/', payload: {} })
      cells += 1
      if ((refresh.statusCode === 200) !== (change.oldToken !== 'nothing'))
        mismatches.push(`refresh with the cookie from before → ${refresh.statusCode}`)

      // Last, as the new session's sweep signs out its other sessions (the one from before among them).
      const after = await signIn(t, env.subject)
      cells += 1
      if (isRefusal(change.newSignIn)) {
        expect(after.response.statusCode).toBe(change.newSignIn.refused)
        expect(after.response.json()).toMatchObject({ detail: change.newSignIn.detail })
      } else {
        expect(after.response.statusCode, after.response.body).toBe(200)
        const fresh = await sweep(t, bearerOnly(t, after.client.access), change.newSignIn, 'new sign-in')
        cells += fresh.cells
        mismatches.push(...fresh.mismatches)
      }

      if (!isRefusal(change.newSignIn) && records.length > 0) {
        cells += records.length
        const fresh = bearerOnly(t, after.client.access)
        expect(await recordStatuses(fresh, records)).toEqual(records.map((check) => check.after))
      }
      expect(mismatches).toEqual([])
    },
    120_000,
  )

  it('audits each organisation change with who made it and why', async () => {
    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.organization_reactivate'))
      .orderBy(desc(auditLog.id))
    expect(rows[0]?.details).toMatchObject({ reason: 'Lifecycle matrix' })
  })
})
