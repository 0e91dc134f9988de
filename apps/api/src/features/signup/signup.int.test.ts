// Sign-up creates the organisation and its first admin together or not at all, sends a verification link,
// and the account signs in only once the link is followed; the address checks reveal nothing more.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organizations } from '../../db/schema/organizations.ts'
import { users } from '../../db/schema/users.ts'
import { demoUser } from '../demo-data/index.ts'
import { listRecentMessages } from '../outbox/index.ts'
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
    const verified = await post('/api/users/verify-email/', { token })
    expect(verified.json().detail).toBe('Your email address is verified. You can sign in now.')
    // Single use.
    expect((await post('/api/users/verify-email/', { token })).statusCode).toBe(404)
    const login = await createClient(t.app).login(body.email, body.password)
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({
      role: 'PHYSICIAN_ADMIN',
      organization: { organization_type: 'PHYSICIAN_GROUP' },
    })
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
