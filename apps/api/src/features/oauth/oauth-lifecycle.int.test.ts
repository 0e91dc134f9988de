// What a user let an app do ends when who they are changes: a password change or reset, two-factor turned
// off, a role change and deactivation each revoke the user's app grants, checked on the app's next request.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../platform/db/schema/users.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import {
  authorizeApp,
  refreshWith,
  registerApp,
  verifyStatus,
  type AppTokens,
  type RegisteredApp,
} from '../../testing/oauth-apps.ts'
import { TEST_PUBLIC_URL, buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { createAccount, hashPassword, userByEmail } from '../../platform/identity/index.ts'
import { DEMO_PASSWORD, demoUser } from '../demo-data/index.ts'
import { totpAt } from '../two-factor/index.ts'

let t: TestApp
let ipCounter = 0
const nextIp = () => `10.9.0.${++ipCounter}`
let app: RegisteredApp
let organizationId: string
let passwordHash: string
let userCounter = 0

beforeAll(async () => {
  t = await buildTestApp()
  const admin = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
  app = await registerApp(admin, { name: 'Lifecycle App' })
  organizationId = (await userByEmail(t.app.ctx.db, demoUser('ACO_ADMIN').email))?.organizationId ?? ''
  passwordHash = await hashPassword(DEMO_PASSWORD)
})
afterAll(() => t?.close())

type Subject = { id: string; email: string; client: TestClient; tokens: AppTokens }

/** A fresh ACO user who signs in and authorizes the app; the app's tokens work. */
async function subjectWithApp(): Promise<Subject> {
  const email = `lifecycle.${++userCounter}@example.test`
  const user = await createAccount(t.app.ctx.db, {
    email,
    passwordHash,
    firstName: 'Life',
    lastName: 'Cycle',
    role: 'ACO_USER',
    organizationId,
    allTins: false,
    tinIds: [],
    emailVerifiedAt: t.clock.now,
    at: t.clock.now,
  })
  const client = createClient(t.app, { ip: nextIp() })
  expect((await client.login(email, DEMO_PASSWORD)).statusCode).toBe(200)
  const tokens = await authorizeApp(t.app, client, app)
  expect(await verifyStatus(t.app, tokens.access)).toBe(200)
  return { id: user.id, email, client, tokens }
}

async function expectGrantRevoked(subject: Subject): Promise<void> {
  expect(await verifyStatus(t.app, subject.tokens.access)).toBe(401)
  const refreshed = await refreshWith(t.app, app, subject.tokens.refresh)
  expect(refreshed.statusCode).toBe(400)
  expect(refreshed.json().error).toBe('invalid_grant')
}

describe('app grants follow every change to the user', () => {
  it('a password change', async () => {
    const subject = await subjectWithApp()
    const change = await subject.client.request({
      method: 'POST',
      url: '/api/users/password-change/',
      payload: {
        old_password: DEMO_PASSWORD,
        new_password: 'Changed-Pass-981',
        new_password_confirm: 'Changed-Pass-981',
      },
    })
    expect(change.statusCode).toBe(200)
    await expectGrantRevoked(subject)
  })

  it('a password reset', async () => {
    const subject = await subjectWithApp()
    const anonymous = createClient(t.app, { ip: nextIp() })
    const requested = await anonymous.request({
      method: 'POST',
      url: '/api/users/password-reset/',
      payload: { email: subject.email },
    })
    expect(requested.statusCode).toBe(200)
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox/' })
    const message = (outbox.json() as { results: { to: string; links: string[] }[] }).results.find(
      (item) => item.to === subject.email,
    )
    const match = new RegExp(`^${TEST_PUBLIC_URL}/app/password-reset/([^/]+)/([^/]+)$`).exec(
      message?.links[0] ?? '',
    )
    const confirm = await anonymous.request({
      method: 'POST',
      url: '/api/users/password-reset-confirm/',
      payload: {
        uid: match?.[1] ?? '',
        token: match?.[2] ?? '',
        password: 'Reset-Pass-981',
        password_confirm: 'Reset-Pass-981',
      },
    })
    expect(confirm.statusCode).toBe(200)
    await expectGrantRevoked(subject)
  })

  it('two-factor turned off', async () => {
    const subject = await subjectWithApp()
    const setup = await subject.client.request({
      method: 'POST',
      url: '/api/two-factor/setup/',
      payload: { password: DEMO_PASSWORD },
    })
    const { secret } = setup.json() as { secret: string }
    const confirm = await subject.client.request({
      method: 'POST',
      url: '/api/two-factor/confirm/',
      payload: { code: await totpAt(secret, t.clock.now) },
    })
    expect(confirm.statusCode).toBe(200)
    // Turning it on leaves the app's grant alone.
    expect(await verifyStatus(t.app, subject.tokens.access)).toBe(200)
    t.clock.advance(30_000)
    const disable = await subject.client.request({
      method: 'POST',
      url: '/api/two-factor/disable/',
      payload: { password: DEMO_PASSWORD, code: await totpAt(secret, t.clock.now) },
    })
    expect(disable.statusCode).toBe(200)
    await expectGrantRevoked(subject)
  })

  it('a role change', async () => {
    const subject = await subjectWithApp()
    const platform = await loginAs(t.app, 'ADMIN', { ip: nextIp() })
    const change = await platform.request({
      method: 'PATCH',
      url: `/api/admin/users/${subject.id}/role/`,
      payload: { role: 'ACO_ADMIN' },
    })
    expect(change.statusCode).toBe(200)
    await expectGrantRevoked(subject)
  })

  it('deactivation, and reactivation does not bring the grant back', async () => {
    const subject = await subjectWithApp()
    const platform = await loginAs(t.app, 'ADMIN', { ip: nextIp() })
    const deactivate = await platform.request({
      method: 'POST',
      url: `/api/admin/users/${subject.id}/deactivate/`,
    })
    expect(deactivate.statusCode).toBe(200)
    await expectGrantRevoked(subject)
    const reactivate = await platform.request({
      method: 'POST',
      url: `/api/admin/users/${subject.id}/reactivate/`,
    })
    expect(reactivate.statusCode).toBe(200)
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, subject.id))
    expect(row?.isActive).toBe(true)
    await expectGrantRevoked(subject)
  })

  it('a change to someone else leaves the grant alone', async () => {
    const subject = await subjectWithApp()
    const other = await subjectWithApp()
    const platform = await loginAs(t.app, 'ADMIN', { ip: nextIp() })
    await platform.request({ method: 'POST', url: `/api/admin/users/${other.id}/deactivate/` })
    expect(await verifyStatus(t.app, subject.tokens.access)).toBe(200)
    expect((await refreshWith(t.app, app, subject.tokens.refresh)).statusCode).toBe(200)
  })
})
