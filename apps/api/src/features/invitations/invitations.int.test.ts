// Invitations: who may invite whom with which TINs (refused on the server, not just hidden in the form), the
// email with its one-time link, acceptance creating the account with exactly the invited scope, resend
// voiding the old link, revoke, expiry, bulk with per-address results, and other organisations kept out.
import { REFRESH_COOKIE } from '@blueconsent/contract/auth'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../platform/db/schema/users.ts'
import { demoUser } from '../demo-data/index.ts'
import { listRecentMessages } from '../../platform/outbox/index.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import { acoTins, insertPatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let acoAdmin: TestClient
let acoOrgId: string
let firstTin: string
let secondTin: string

beforeAll(async () => {
  t = await buildTestApp()
  acoAdmin = await loginAs(t.app, 'ACO_ADMIN')
  const [admin] = await t.app.ctx.db
    .select()
    .from(users)
    .where(eq(users.email, demoUser('ACO_ADMIN').email))
  acoOrgId = admin?.organizationId ?? ''
  ;[firstTin = '', secondTin = ''] = await acoTins(t, acoOrgId)
})
afterAll(async () => {
  await t.close()
})

let sequence = 0
const freshEmail = () => `invitee-${++sequence}-${Date.now()}@example.org`

/** The accept link of the newest email to this address, and the token in it. */
async function linkSentTo(email: string): Promise<{ text: string; token: string }> {
  const messages = await listRecentMessages(t.app.ctx, 50)
  const message = messages.find((candidate) => candidate.to === email)
  if (!message) throw new Error(`no email to ${email}`)
  const token = /\/app\/accept-invitation\/([\w-]+)/.exec(message.text)?.[1]
  if (!token) throw new Error('no accept link in the email')
  return { text: message.text, token }
}

const invite = (client: TestClient, payload: Record<string, unknown>) =>
  client.request({ method: 'POST', url: '/api/users/invitations/send/', payload })

const accept = (token: string, password = 'Correct-Horse-9') =>
  createClient(t.app).request({
    method: 'POST',
    url: `/api/users/invitations/accept/${token}/`,
    payload: { first_name: 'Ivy', last_name: 'Newman', password, password_confirm: password },
  })

describe('invitations', () => {
  it('invites an ACO user limited to one TIN; the invitee accepts once and sees only that TIN', async () => {
    const email = freshEmail()
    const sent = await invite(acoAdmin, { email: email.toUpperCase(), role: 'ACO_USER', tin_ids: [firstTin] })
    expect(sent.statusCode).toBe(201)
    expect(sent.json()).toMatchObject({
      invitation: { email, role: 'ACO_USER', status: 'pending', is_accepted: false, tin_ids: [firstTin] },
      login_url: expect.stringContaining('/app/login'),
    })
    const { text, token } = await linkSentTo(email)
    expect(text).toMatch(/invited you to join .+ on BlueConsent as /)
    // A date as people write it, not the mail header's 'Sun, 29 Nov 2026 07:57:44 GMT'.
    expect(text).toMatch(/expires on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M ET\./)
    expect(text).not.toContain('GMT')

    const verified = await createClient(t.app).request({
      method: 'GET',
      url: `/api/users/invitations/verify/${token}/`,
    })
    expect(verified.json()).toMatchObject({ email, role: 'ACO_USER' })
    // Accepting signs the new member in: the answer carries the session, the cookie keeps it.
    const browser = createClient(t.app)
    const accepted = await browser.request({
      method: 'POST',
      url: `/api/users/invitations/accept/${token}/`,
      payload: {
        first_name: 'Ivy',
        last_name: 'Newman',
        password: 'Correct-Horse-9',
        password_confirm: 'Correct-Horse-9',
      },
    })
    expect(accepted.statusCode).toBe(201)
    expect(accepted.json()).toMatchObject({
      detail: 'Your account is ready. Welcome to BlueConsent.',
      session: { user: { email, role: 'ACO_USER' }, tin_scope: { tin_ids: [firstTin], all_tins: false } },
    })
    expect(browser.cookies.has(REFRESH_COOKIE)).toBe(true)
    expect((await browser.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(200)
    // Used up: no second account and no second session.
    const reused = await accept(token)
    expect(reused.statusCode).toBe(404)
    expect(reused.cookies.some((cookie) => cookie.name === REFRESH_COOKIE)).toBe(false)

    const invitee = createClient(t.app)
    const login = await invitee.login(email, 'Correct-Horse-9')
    expect(login.statusCode).toBe(200)
    expect(login.json().user).toMatchObject({ role: 'ACO_USER', first_name: 'Ivy' })
    expect(login.json().tin_scope).toMatchObject({ tin_ids: [firstTin], all_tins: false })
    const theirs = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'First Tin Person', tin: 'first' })
    const others = await insertPatient(t, {
      requester: 'ACO_ADMIN',
      name: 'Second Tin Person',
      tin: 'second',
    })
    expect((await invitee.request({ method: 'GET', url: `/api/patients/${theirs.id}/` })).statusCode).toBe(
      200,
    )
    expect((await invitee.request({ method: 'GET', url: `/api/patients/${others.id}/` })).statusCode).toBe(
      404,
    )

    const list = (await acoAdmin.request({ method: 'GET', url: '/api/invitations/' })).json()
    expect(list.results.find((row: { email: string }) => row.email === email)).toMatchObject({
      status: 'accepted',
    })
  })

  it('refuses what the inviter may not give: roles, TINs, addresses already in use', async () => {
    const email = freshEmail()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email, role: 'ACO_USER' }, 'tin_ids', 'Select at least one Tin'],
      [
        { email, role: 'ACO_USER', tin_ids: ['11111111-1111-4111-8111-111111111111'] },
        'tin_ids',
        'Choose TINs of your own organization',
      ],
      [
        { email, role: 'PHYSICIAN_USER', tin_ids: [firstTin] },
        'role',
        'You cannot invite someone with this role',
      ],
      [{ email, role: 'ADMIN' }, 'role', 'You cannot invite someone with this role'],
      [
        { email: demoUser('ACO_USER').email, role: 'ACO_ADMIN' },
        'email',
        'This email is already a member of this organization',
      ],
      [{ email: 'not-an-email', role: 'ACO_ADMIN' }, 'email', 'Invalid email format'],
      [{ email, role: '' }, 'role', 'Role is required'],
    ]
    for (const [payload, field, message] of cases) {
      const response = await invite(acoAdmin, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json()[field], JSON.stringify(payload)).toEqual([message])
    }
    expect((await invite(acoAdmin, { email, role: 'ACO_ADMIN' })).statusCode).toBe(201)
    const twice = await invite(acoAdmin, { email, role: 'ACO_ADMIN' })
    expect(twice.json().email).toEqual(['This email already has a pending invitation'])
    const acoUser = await loginAs(t.app, 'ACO_USER')
    expect((await invite(acoUser, { email: freshEmail(), role: 'USER' })).statusCode).toBe(403)
    expect((await acoUser.request({ method: 'GET', url: '/api/invitations/' })).statusCode).toBe(403)
  })

  it('gives an invited admin every active TIN without asking for any', async () => {
    const email = freshEmail()
    expect((await invite(acoAdmin, { email, role: 'ACO_ADMIN', tin_ids: [secondTin] })).statusCode).toBe(201)
    const { token } = await linkSentTo(email)
    expect((await accept(token)).statusCode).toBe(201)
    const login = (await createClient(t.app).login(email, 'Correct-Horse-9')).json()
    expect(login.tin_scope.all_tins).toBe(true)
  })

  it('resend voids the old link, revoke voids the link, and a link expires after 48 hours', async () => {
    const email = freshEmail()
    const { invitation } = (await invite(acoAdmin, { email, role: 'ACO_ADMIN' })).json()
    const first = await linkSentTo(email)
    // The test clock stands still; a minute on, the resent email is the newer one.
    t.clock.advance(60_000)
    const resent = await acoAdmin.request({
      method: 'POST',
      url: `/api/users/invitations/${invitation.id}/resend/`,
      payload: { invitation_id: invitation.id },
    })
    expect(resent.statusCode).toBe(200)
    const second = await linkSentTo(email)
    expect(second.token).not.toBe(first.token)
    const verify = (token: string) =>
      createClient(t.app).request({ method: 'GET', url: `/api/users/invitations/verify/${token}/` })
    expect((await verify(first.token)).statusCode).toBe(404)
    expect((await verify(first.token)).json().detail).toBe('This invitation is invalid or has expired')
    expect((await verify(second.token)).statusCode).toBe(200)

    t.clock.advance(49 * 3_600_000)
    expect((await verify(second.token)).statusCode).toBe(404)
    // Two days on, the admin's own session has ended too.
    acoAdmin = await loginAs(t.app, 'ACO_ADMIN')
    const listed = (await acoAdmin.request({ method: 'GET', url: '/api/invitations/' })).json()
    expect(listed.results.find((row: { id: string }) => row.id === invitation.id).status).toBe('expired')

    const other = (await invite(acoAdmin, { email: freshEmail(), role: 'ACO_ADMIN' })).json().invitation
    const otherLink = await linkSentTo(other.email)
    expect(
      (await acoAdmin.request({ method: 'DELETE', url: `/api/invitations/${other.id}/` })).statusCode,
    ).toBe(204)
    expect((await verify(otherLink.token)).statusCode).toBe(404)
    expect((await accept(otherLink.token)).statusCode).toBe(404)
    // An expired link neither creates the account nor starts a session.
    const expired = await accept(second.token)
    expect(expired.statusCode).toBe(404)
    expect(expired.cookies.some((cookie) => cookie.name === REFRESH_COOKIE)).toBe(false)
  })

  it('sends bulk invitations one by one, reporting each address it could not invite', async () => {
    const fresh = [freshEmail(), freshEmail()]
    const response = await acoAdmin.request({
      method: 'POST',
      url: '/api/users/invitations/bulk/',
      payload: { emails: [...fresh, demoUser('ACO_USER').email], role: 'ACO_USER', tin_ids: [firstTin] },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      detail: 'Successfully sent 2 invitation(s)',
      sent: 2,
      results: [
        { email: fresh[0], sent: true, error: null },
        { email: fresh[1], sent: true, error: null },
        {
          email: demoUser('ACO_USER').email,
          sent: false,
          error: 'This email is already a member of this organization',
        },
      ],
    })
    const empty = await acoAdmin.request({
      method: 'POST',
      url: '/api/users/invitations/bulk/',
      payload: { emails: [], role: 'ACO_USER' },
    })
    expect(empty.json().emails).toEqual(['At least one email address is required'])
  })

  it('checks every bulk address with the single invitation’s rule and reports each one', async () => {
    const good = freshEmail()
    const response = await acoAdmin.request({
      method: 'POST',
      url: '/api/users/invitations/bulk/',
      payload: { emails: ['not-an-email', good, 'a@b', ' '], role: 'ACO_ADMIN' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      detail: 'Successfully sent 1 invitation(s)',
      sent: 1,
      results: [
        { email: 'not-an-email', sent: false, error: 'Invalid email format' },
        { email: good, sent: true, error: null },
        { email: 'a@b', sent: false, error: 'Invalid email format' },
        { email: '', sent: false, error: 'Email is required' },
      ],
    })
    const listed = (await acoAdmin.request({ method: 'GET', url: '/api/invitations/' })).json()
    const invited = listed.results.map((row: { email: string }) => row.email)
    expect(invited).toContain(good)
    expect(invited).not.toContain('not-an-email')
  })

  it('answers alike whether or not an address has an account in another organisation', async () => {
    const elsewhere = demoUser('PHYSICIAN_USER').email
    const nobody = freshEmail()
    const shapeOf = (body: { detail: string; invitation: Record<string, unknown> }, email: string) => ({
      ...body,
      detail: body.detail.replace(email, '<email>'),
      invitation: { ...body.invitation, id: '<id>', email: '<email>', created_at: '', expires_at: '' },
    })
    const answers = []
    for (const email of [elsewhere, nobody]) {
      const response = await invite(acoAdmin, { email, role: 'ACO_ADMIN' })
      expect(response.statusCode, email).toBe(201)
      answers.push(shapeOf(response.json(), email))
    }
    expect(answers[0]).toEqual(answers[1])
    const bulk = await acoAdmin.request({
      method: 'POST',
      url: '/api/users/invitations/bulk/',
      payload: { emails: [demoUser('AGENT_USER').email], role: 'ACO_ADMIN' },
    })
    expect(bulk.json().results).toEqual([{ email: demoUser('AGENT_USER').email, sent: true, error: null }])
    // Only the address's owner learns it has an account: the email says so and carries no link to use.
    const messages = await listRecentMessages(t.app.ctx, 50)
    const notice = messages.find((message) => message.to === elsewhere)
    expect(notice?.text).toContain('This address already has a BlueConsent account')
    expect(notice?.text).not.toContain('/app/accept-invitation/')
    expect((await linkSentTo(nobody)).token).not.toBe('')
    // A second invitation to it is refused like any pending one of this organisation.
    const twice = await invite(acoAdmin, { email: elsewhere, role: 'ACO_ADMIN' })
    expect(twice.json().email).toEqual(['This email already has a pending invitation'])
  })

  it('answers simultaneous invitations of one address like sequential ones: one sent, the rest refused', async () => {
    const email = freshEmail()
    const answers = await Promise.all([1, 2, 3, 4].map(() => invite(acoAdmin, { email, role: 'ACO_ADMIN' })))
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400, 400])
    for (const answer of answers.filter((a) => a.statusCode === 400))
      expect(answer.json()).toEqual({ email: ['This email already has a pending invitation'] })
    const listed = (await acoAdmin.request({ method: 'GET', url: '/api/invitations/' })).json()
    expect(listed.results.filter((row: { email: string }) => row.email === email)).toHaveLength(1)
  })

  it('keeps other organisations out, and offers the inviter only their own TINs and organisation', async () => {
    const { invitation } = (await invite(acoAdmin, { email: freshEmail(), role: 'ACO_ADMIN' })).json()
    const physicianAdmin = await loginAs(t.app, 'PHYSICIAN_ADMIN')
    const list = (await physicianAdmin.request({ method: 'GET', url: '/api/invitations/' })).json()
    expect(list.results.map((row: { id: string }) => row.id)).not.toContain(invitation.id)
    expect(
      (await physicianAdmin.request({ method: 'DELETE', url: `/api/invitations/${invitation.id}/` }))
        .statusCode,
    ).toBe(404)
    expect(
      (
        await physicianAdmin.request({
          method: 'POST',
          url: `/api/users/invitations/${invitation.id}/resend/`,
          payload: {},
        })
      ).statusCode,
    ).toBe(404)
    const catalog = (await acoAdmin.request({ method: 'GET', url: '/api/invitations/tins/' })).json()
    expect(catalog.results.map((tin: { id: string }) => tin.id).sort()).toEqual([firstTin, secondTin].sort())
    expect(catalog.results[0].masked_tin).toMatch(/^XX-XXX\d{4}$/)
    const organizations = (await acoAdmin.request({ method: 'GET', url: '/api/organizations/' })).json()
    expect(organizations.results).toEqual([{ id: acoOrgId, name: expect.any(String) }])
    const platform = await loginAs(t.app, 'ADMIN')
    const all = (await platform.request({ method: 'GET', url: '/api/organizations/' })).json()
    expect(all.results.length).toBeGreaterThan(1)
  })
})
