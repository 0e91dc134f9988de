import { REFRESH_COOKIE } from '@blueconsent/contract/auth'
import { MESSAGES } from '@blueconsent/contract/shared'
import { SIGNUP_MESSAGES } from '@blueconsent/contract/signup'
// Sign-up creates the organisation and its first admin together or not at all, sends a verification link,
// and the account signs in only once the link is followed; the address checks reveal nothing more.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { users } from '../../platform/db/schema/users.ts'
import { demoUser } from '../demo-data/index.ts'
import { listRecentMessages } from '../../platform/outbox/index.ts'
import { createClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

let sequence = 0
const physician = () => ({
  account_type: 'physician',
  first_name: 'Pat',
  last_name: 'Doe',
  email: `pat.${++sequence}.${Date.now()}@example.org`,
  password: 'Correct-Horse-9',
  password_confirm: 'Correct-Horse-9',
  organization_name: 'Lakeside Family Medicine',
  organization_type: 'PHYSICIAN_GROUP',
  npi: '1234567893',
})

async function verificationToken(email: string): Promise<string> {
  const message = (await listRecentMessages(t.app.ctx, 50)).find((candidate) => candidate.to === email)
  const token = message && /\/signup\/verify\/([\w.-]+)/.exec(message.text)?.[1]
  if (!token) throw new Error(`no verification link to ${email}`)
  return token
}

/**
 * On PostgreSQL, until another connection waits for a lock (the sign-up's insert on the unique address);
 * PGlite runs one transaction at a time, so there the sign-up simply runs after this one.
 */
async function waitUntilBlocked(): Promise<void> {
  if (t.app.ctx.database.kind !== 'postgres') return
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const waiting = await t.app.ctx.database.executeSql(
      "select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
    )
    if (waiting.rows.length > 0) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error('the sign-up never waited for the address')
}

const post = (url: string, payload: Record<string, unknown>) =>
  createClient(t.app).request({ method: 'POST', url, payload })

describe('sign-up', () => {
  it('creates a practice with its first admin, who signs in only after verifying the address', async () => {
    const body = physician()
    const created = await post('/api/users/', body)
    expect(created.statusCode).toBe(201)
    expect(created.json().email).toBe(body.email)
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, body.email))
    expect(user).toMatchObject({ role: 'PHYSICIAN_ADMIN', emailVerifiedAt: null, allTins: true })
    const [organization] = await t.app.ctx.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, user?.organizationId ?? ''))
    expect(organization).toMatchObject({
      name: 'Lakeside Family Medicine',
      organizationType: 'PHYSICIAN_GROUP',
      identifiers: { npi: '1234567893' },
    })

    const early = await createClient(t.app).login(body.email, body.password)
    expect(early.statusCode).toBe(403)
    expect(early.json()).toMatchObject({ code: 'email_not_verified' })

    const token = await verificationToken(body.email)
    const browser = createClient(t.app)
    const verified = await browser.request({
      method: 'POST',
      url: '/api/users/verify-email/',
      payload: { token },
    })
    expect(verified.statusCode).toBe(200)
    // A fresh link signs in as well: the answer carries the session, the cookie keeps it.
    expect(verified.json()).toMatchObject({
      detail: SIGNUP_MESSAGES.verifiedSignedIn,
      session: { user: { email: body.email, role: 'PHYSICIAN_ADMIN' } },
    })
    expect(browser.cookies.has(REFRESH_COOKIE)).toBe(true)
    const refreshed = await browser.request({ method: 'POST', url: '/api/jwt/refresh/' })
    expect(refreshed.statusCode).toBe(200)
    // Single use: a second follow neither verifies nor signs in.
    const again = createClient(t.app)
    const second = await again.request({
      method: 'POST',
      url: '/api/users/verify-email/',
      payload: { token },
    })
    expect(second.statusCode).toBe(404)
    expect(again.cookies.has(REFRESH_COOKIE)).toBe(false)
    const login = await createClient(t.app).login(body.email, body.password)
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({
      role: 'PHYSICIAN_ADMIN',
      organization: { organization_type: 'PHYSICIAN_GROUP' },
    })
  })

  it('only verifies with a link older than half an hour, and refuses one past 24 hours', async () => {
    // From an address of its own: sign-up is limited per client address.
    const signUpElsewhere = (payload: Record<string, unknown>) =>
      createClient(t.app, { ip: '10.0.0.31' }).request({ method: 'POST', url: '/api/users/', payload })
    const body = physician()
    expect((await signUpElsewhere(body)).statusCode).toBe(201)
    const token = await verificationToken(body.email)
    t.clock.advance(31 * 60_000)
    const browser = createClient(t.app)
    const verified = await browser.request({
      method: 'POST',
      url: '/api/users/verify-email/',
      payload: { token },
    })
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toEqual({ detail: SIGNUP_MESSAGES.verified, session: null })
    expect(browser.cookies.has(REFRESH_COOKIE)).toBe(false)
    expect((await createClient(t.app).login(body.email, body.password)).statusCode).toBe(200)

    const late = physician()
    expect((await signUpElsewhere(late)).statusCode).toBe(201)
    const lateToken = await verificationToken(late.email)
    t.clock.advance(25 * 3_600_000)
    const refused = await createClient(t.app).request({
      method: 'POST',
      url: '/api/users/verify-email/',
      payload: { token: lateToken },
    })
    expect(refused.statusCode).toBe(404)
    expect(refused.cookies.some((cookie) => cookie.name === REFRESH_COOKIE)).toBe(false)
    expect((await createClient(t.app).login(late.email, late.password)).statusCode).toBe(403)
  })

  it('creates an agency and an ACO with their own first admins', async () => {
    const agent = { ...physician(), account_type: 'agent', npn: '1234567', license_state: 'AZ' }
    expect((await post('/api/users/', agent)).statusCode).toBe(201)
    const aco = { ...physician(), account_type: 'aco', organization_name: 'Desert ACO' }
    expect((await post('/api/users/', aco)).statusCode).toBe(201)
    const roles = await Promise.all(
      [agent.email, aco.email].map(
        async (email) => (await t.app.ctx.db.select().from(users).where(eq(users.email, email)))[0]?.role,
      ),
    )
    expect(roles).toEqual(['AGENT_ADMIN', 'ACO_ADMIN'])
  })

  it('refuses a taken address and bad fields, leaving nothing half-created', async () => {
    const organizationsBefore = (await t.app.ctx.db.select().from(organizations)).length
    const taken = await post('/api/users/', { ...physician(), email: demoUser('ACO_USER').email })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().email).toEqual(['An account with this email already exists'])
    const bad = await post('/api/users/', { ...physician(), npi: '1234567890', first_name: '' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      npi: ['An NPI is 10 digits and must pass the NPI check digit'],
      first_name: ['First name is required'],
    })
    expect((await t.app.ctx.db.select().from(organizations)).length).toBe(organizationsBefore)
  })

  it('refuses a common password and one made of the address, creating nothing', async () => {
    const organizationsBefore = (await t.app.ctx.db.select().from(organizations)).length
    const common = await post('/api/users/', {
      ...physician(),
      password: 'password123',
      password_confirm: 'password123',
    })
    expect(common.statusCode).toBe(400)
    expect(common.json().password).toEqual([MESSAGES.passwordTooCommon])
    const own = { ...physician(), email: 'marguerite.okafor@example.org' }
    const personal = await post('/api/users/', {
      ...own,
      password: 'MargueriteOkafor1',
      password_confirm: 'MargueriteOkafor1',
    })
    expect(personal.json().password).toEqual([MESSAGES.passwordTooPersonal])
    expect((await t.app.ctx.db.select().from(organizations)).length).toBe(organizationsBefore)
  })

  it('answers a sign-up that loses a race for its address like a sequential one, never 500', async () => {
    const payload = physician()
    // Another account for the address is being created and not yet committed when the sign-up checks.
    let signup: ReturnType<typeof post> | undefined
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.insert(users).values({ email: payload.email, passwordHash: 'x', role: 'USER' })
      signup = post('/api/users/', payload)
      await waitUntilBlocked()
    })
    const answer = await signup
    expect(answer?.statusCode, answer?.body).toBe(400)
    expect(answer?.json()).toEqual({ email: ['An account with this email already exists'] })
    expect(await t.app.ctx.db.select().from(users).where(eq(users.email, payload.email))).toHaveLength(1)
  })

  it('answers whether an address is free, and resends a link without saying whether the address exists', async () => {
    expect((await post('/api/users/check-email/', { email: demoUser('ACO_USER').email })).json()).toEqual({
      available: false,
    })
    expect((await post('/api/users/check-email/', { email: 'nobody.here@example.org' })).json()).toEqual({
      available: true,
    })
    const body = physician()
    await post('/api/users/', body)
    const first = await verificationToken(body.email)
    t.clock.advance(60_000)
    const resent = await post('/api/users/resend-verification/', { email: body.email })
    const unknown = await post('/api/users/resend-verification/', { email: 'nobody.here@example.org' })
    expect(resent.json()).toEqual(unknown.json())
    const second = await verificationToken(body.email)
    expect(second).not.toBe(first)
    expect((await post('/api/users/verify-email/', { token: second })).statusCode).toBe(200)
    t.clock.advance(25 * 3_600_000)
    expect((await post('/api/users/verify-email/', { token: 'not-a-token' })).statusCode).toBe(404)
  })
})
