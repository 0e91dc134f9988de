// A user's own record: names, address and preferences. Everyone corrects their own; an administrator may
// read (audited) but not change a member's; anyone else's answers 404. The address is stored encrypted, and
// switching a kind of optional email off stops it being queued.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userAddresses } from '../../platform/db/schema/account.ts'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { outboxMessages } from '../../platform/db/schema/outbox.ts'
import { users } from '../../platform/db/schema/users.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { demoUser, type DemoPersona } from '../demo-data/index.ts'
import { queueOptionalEmail } from './index.ts'

let t: TestApp
let acoUser: TestClient
let acoAdmin: TestClient

const address = {
  street_address: '12 Harbor Lane',
  city: 'Tucson',
  state: 'az',
  zip_code: '85701-1234',
  phone_number: '5205550142',
}

async function userId(persona: DemoPersona): Promise<string> {
  const [row] = await t.app.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  if (!row) throw new Error(`no ${persona}`)
  return row.id
}

beforeAll(async () => {
  t = await buildTestApp()
  acoUser = await loginAs(t.app, 'ACO_USER')
  acoAdmin = await loginAs(t.app, 'ACO_ADMIN')
})
afterAll(async () => {
  await t.close()
})

describe('profile', () => {
  it('reads the signed-in user with the spec’s fields and no address yet', async () => {
    const response = await acoUser.request({ method: 'GET', url: '/api/profiles/me/' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      email: demoUser('ACO_USER').email,
      role: 'ACO_USER',
      date_joined: expect.any(String),
      address: null,
    })
  })

  it('changes the names, trims them, never the email, and audits the change', async () => {
    const response = await acoUser.request({
      method: 'PATCH',
      url: '/api/profiles/me/',
      payload: { first_name: '  Dana ', last_name: "O'Neil-Price", email: 'someone.else@example.com' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      first_name: 'Dana',
      last_name: "O'Neil-Price",
      full_name: "Dana O'Neil-Price",
      email: demoUser('ACO_USER').email,
    })
    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.update'), eq(auditLog.targetId, await userId('ACO_USER'))))
    expect(audit).toHaveLength(1)
  })

  it('answers the spec’s messages for missing names', async () => {
    const response = await acoUser.request({
      method: 'PATCH',
      url: '/api/profiles/me/',
      payload: { first_name: ' ', last_name: '' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      first_name: ['First name is required'],
      last_name: ['Last name is required'],
    })
  })

  it('lets an administrator of the organisation read a member, audited, but not change them', async () => {
    const memberId = await userId('ACO_USER')
    const read = await acoAdmin.request({ method: 'GET', url: `/api/profiles/${memberId}/` })
    expect(read.statusCode).toBe(200)
    expect(read.json().id).toBe(memberId)
    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.read'), eq(auditLog.targetId, memberId)))
    expect(audit).toHaveLength(1)
    const change = await acoAdmin.request({
      method: 'PATCH',
      url: `/api/profiles/${memberId}/`,
      payload: { first_name: 'Not', last_name: 'Theirs' },
    })
    expect(change.statusCode).toBe(403)
  })

  it('answers 404 for a colleague who is not an administrator and for another organisation', async () => {
    const adminId = await userId('ACO_ADMIN')
    expect((await acoUser.request({ method: 'GET', url: `/api/profiles/${adminId}/` })).statusCode).toBe(404)
    const physicianAdmin = await loginAs(t.app, 'PHYSICIAN_ADMIN')
    const other = await physicianAdmin.request({ method: 'GET', url: `/api/profiles/${adminId}/` })
    expect(other.statusCode).toBe(404)
    expect((await acoUser.request({ method: 'GET', url: '/api/profiles/not-a-uuid/' })).statusCode).toBe(404)
  })

  it('refuses without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profiles/me/' })).statusCode).toBe(401)
  })
})

describe('address', () => {
  it('has none until one is saved', async () => {
    const response = await acoUser.request({ method: 'GET', url: '/api/addresses/my_address/' })
    expect(response.statusCode).toBe(404)
  })

  it('saves one address, normalised and encrypted at rest, and updates it in place', async () => {
    const created = await acoUser.request({ method: 'POST', url: '/api/addresses/', payload: address })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      street_address: '12 Harbor Lane',
      state: 'AZ',
      zip_code: '85701-1234',
      phone_number: '(520) 555-0142',
    })
    const [row] = await t.app.ctx.db
      .select()
      .from(userAddresses)
      .where(eq(userAddresses.userId, await userId('ACO_USER')))
    expect(row?.detailsEncrypted).not.toContain('Harbor')
    expect(row?.detailsEncrypted).not.toContain('555')

    const id = created.json().id as string
    const updated = await acoUser.request({
      method: 'PUT',
      url: `/api/addresses/${id}/`,
      payload: { ...address, city: 'Phoenix', phone_number: '' },
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ id, city: 'Phoenix', phone_number: null })
    const again = await acoUser.request({ method: 'POST', url: '/api/addresses/', payload: address })
    expect(again.json().id).toBe(id)
    const profile = await acoUser.request({ method: 'GET', url: '/api/profiles/me/' })
    expect(profile.json().address).toMatchObject({ city: 'Tucson' })
  })

  it('validates ZIP, state and phone with the contract’s messages', async () => {
    const response = await acoUser.request({
      method: 'POST',
      url: '/api/addresses/',
      payload: { street_address: '', city: 'X', state: 'ZZ', zip_code: '1234', phone_number: '555' },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json()).sort()).toEqual([
      'phone_number',
      'state',
      'street_address',
      'zip_code',
    ])
  })

  it('keeps another user’s address out of reach: their id in PUT or GET answers 404', async () => {
    const mine = await acoUser.request({ method: 'GET', url: '/api/addresses/my_address/' })
    const agent = await loginAs(t.app, 'AGENT_USER')
    const put = await agent.request({
      method: 'PUT',
      url: `/api/addresses/${mine.json().id}/`,
      payload: address,
    })
    expect(put.statusCode).toBe(404)
    const memberId = await userId('ACO_USER')
    expect((await agent.request({ method: 'GET', url: `/api/users/${memberId}/address/` })).statusCode).toBe(
      404,
    )
    const byAdmin = await acoAdmin.request({ method: 'GET', url: `/api/users/${memberId}/address/` })
    expect(byAdmin.statusCode).toBe(200)
    expect(byAdmin.json().city).toBe('Tucson')
  })
})

describe('preferences', () => {
  it('default to every email on and no theme, and follow the user to another sign-in', async () => {
    const agent = await loginAs(t.app, 'AGENT_ADMIN')
    expect((await agent.request({ method: 'GET', url: '/api/preferences/me/' })).json()).toEqual({
      theme: null,
      email_billing: true,
      email_system: true,
      email_security: true,
    })
    const saved = await agent.request({
      method: 'PATCH',
      url: '/api/preferences/me/',
      payload: { theme: 'dracula', email_billing: false },
    })
    expect(saved.json()).toMatchObject({ theme: 'dracula', email_billing: false, email_system: true })
    const elsewhere = await loginAs(t.app, 'AGENT_ADMIN')
    expect((await elsewhere.request({ method: 'GET', url: '/api/preferences/me/' })).json()).toMatchObject({
      theme: 'dracula',
      email_billing: false,
    })
    const wrong = await agent.request({
      method: 'PATCH',
      url: '/api/preferences/me/',
      payload: { theme: 'neon' },
    })
    expect(wrong.statusCode).toBe(400)
  })

  it('stops optional email of a kind the user switched off, and only that kind', async () => {
    const agentId = await userId('AGENT_ADMIN')
    const draft = (template: string) => ({
      template,
      to: demoUser('AGENT_ADMIN').email,
      subject: 'Your plan',
      text: 'News',
    })
    const { ctx } = t.app
    const [billing, system] = await ctx.db.transaction(async (tx) => [
      await queueOptionalEmail(ctx, tx, { userId: agentId, kind: 'billing' }, draft('pref-test-billing')),
      await queueOptionalEmail(ctx, tx, { userId: agentId, kind: 'system' }, draft('pref-test-system')),
    ])
    expect(billing).toBeNull()
    expect(system).toEqual(expect.any(String))
    const queued = await ctx.db
      .select({ template: outboxMessages.template })
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'pref-test-billing'))
    expect(queued).toEqual([])
  })
})
