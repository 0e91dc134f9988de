// Two-factor through the API: enrolment, sign-in with a code computed from the secret, replay refused, a
// recovery code used once, the lockout after wrong codes, disable with the password and a code, an
// organisation that requires it (enrolment at sign-in), and the audit rows and security alerts of each step.
import { REFRESH_COOKIE, WEB_OAUTH_CLIENT_ID } from '@blueconsent/contract/auth'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { twoFactorRecoveryCodes, userTwoFactor } from '../../platform/db/schema/account.ts'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { outboxMessages } from '../../platform/db/schema/outbox.ts'
import { users } from '../../platform/db/schema/users.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import { TEST_PUBLIC_URL, buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { DEMO_PASSWORD, demoUser, type DemoPersona } from '../demo-data/index.ts'
import { totpAt } from './totp.ts'

let t: TestApp
let clinicianSecret = ''
let ipSeed = 10
const nextIp = () => `198.51.100.${(ipSeed += 1)}`

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

const codeNow = (secret: string, offsetSeconds = 0) =>
  totpAt(secret, new Date(t.clock.now.getTime() + offsetSeconds * 1000))

async function userIdOf(persona: DemoPersona): Promise<string> {
  const [row] = await t.app.ctx.db
    .select()
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  if (!row) throw new Error(`no ${persona}`)
  return row.id
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.actorUserId, userId))
    .orderBy(auditLog.id)
  return rows.map((row) => row.action)
}

async function securityAlerts(): Promise<string[]> {
  const rows = await t.app.ctx.db
    .select({ subject: outboxMessages.subject })
    .from(outboxMessages)
    .where(eq(outboxMessages.template, 'security-alert'))
    .orderBy(outboxMessages.createdAt)
  return rows.map((row) => row.subject ?? '')
}

/** Signs in as the persona and turns two-factor on; the secret and recovery codes, and the signed-in client. */
async function enrol(persona: DemoPersona) {
  const client = await loginAs(t.app, persona, { ip: nextIp() })
  const setup = await client.request({
    method: 'POST',
    url: '/api/two-factor/setup/',
    payload: { password: DEMO_PASSWORD },
  })
  expect(setup.statusCode).toBe(200)
  const { secret } = setup.json() as { secret: string }
  const confirm = await client.request({
    method: 'POST',
    url: '/api/two-factor/confirm/',
    payload: { code: await codeNow(secret) },
  })
  expect(confirm.statusCode).toBe(200)
  // The confirming code's step is used: the next sign-in needs the next step's code.
  t.clock.advance(30_000)
  return { client, secret, recoveryCodes: (confirm.json() as { recovery_codes: string[] }).recovery_codes }
}

/** The password step: a challenge instead of tokens. */
async function passwordStep(
  persona: DemoPersona,
  client: TestClient = createClient(t.app, { ip: nextIp() }),
) {
  const response = await client.request({
    method: 'POST',
    url: '/api/jwt/login/',
    payload: { email: demoUser(persona).email, password: DEMO_PASSWORD },
  })
  return { client, response }
}

async function codeStep(client: TestClient, body: Record<string, string>) {
  const response = await client.request({ method: 'POST', url: '/api/jwt/login/two-factor/', payload: body })
  if (response.statusCode === 200) client.access = response.json().access
  return response
}

describe('enrolment', () => {
  it('sets up with the password, confirms with a first code and issues ten recovery codes, stored sealed', async () => {
    const client = await loginAs(t.app, 'AGENT_USER', { ip: nextIp() })
    const userId = await userIdOf('AGENT_USER')
    const off = await client.request({ method: 'GET', url: '/api/two-factor/' })
    expect(off.json()).toEqual({
      state: 'off',
      required: false,
      enabled_at: null,
      recovery_codes_remaining: 0,
      locked_until: null,
    })

    const wrongPassword = await client.request({
      method: 'POST',
      url: '/api/two-factor/setup/',
      payload: { password: 'not-the-password' },
    })
    expect(wrongPassword.statusCode).toBe(400)
    expect(wrongPassword.json()).toEqual({ password: ['Your current password is incorrect.'] })

    const setup = await client.request({
      method: 'POST',
      url: '/api/two-factor/setup/',
      payload: { password: DEMO_PASSWORD },
    })
    expect(setup.statusCode).toBe(200)
    const { secret, otpauth_uri, qr_code } = setup.json()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauth_uri).toBe(
      `otpauth://totp/BlueConsent:${encodeURIComponent(demoUser('AGENT_USER').email)}?secret=${secret}&issuer=BlueConsent`,
    )
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(qr_code.split(',')[1], 'base64').toString('utf8')).toContain('<svg')
    expect((await client.request({ method: 'GET', url: '/api/two-factor/' })).json().state).toBe('pending')

    const [stored] = await t.app.ctx.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId))
    expect(stored?.secretEncrypted).toMatch(/^v2:[0-9a-f]{16}:/)
    expect(stored?.secretEncrypted).not.toContain(secret)

    const wrong = await client.request({
      method: 'POST',
      url: '/api/two-factor/confirm/',
      payload: { code: (Number(await codeNow(secret)) + 1).toString().padStart(6, '0').slice(-6) },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({
      code: ['That code is not valid. Check your authenticator app and try again.'],
    })
    const malformed = await client.request({
      method: 'POST',
      url: '/api/two-factor/confirm/',
      payload: { code: '12ab' },
    })
    expect(malformed.json()).toEqual({ code: ['Enter the 6 digits from your authenticator app'] })

    const confirm = await client.request({
      method: 'POST',
      url: '/api/two-factor/confirm/',
      payload: { code: await codeNow(secret) },
    })
    expect(confirm.statusCode).toBe(200)
    const codes: string[] = confirm.json().recovery_codes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    const hashes = await t.app.ctx.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, userId))
    expect(hashes).toHaveLength(10)
    for (const row of hashes)
      expect(codes.some((code) => row.codeHash.includes(code.replace('-', '')))).toBe(false)

    const on = (await client.request({ method: 'GET', url: '/api/two-factor/' })).json()
    expect(on).toMatchObject({ state: 'on', required: false, recovery_codes_remaining: 10 })
    expect(on.enabled_at).toEqual(t.clock.now.toISOString())
    const again = await client.request({
      method: 'POST',
      url: '/api/two-factor/setup/',
      payload: { password: DEMO_PASSWORD },
    })
    expect(again.statusCode).toBe(409)

    expect(await auditActions(userId)).toEqual(
      expect.arrayContaining(['two_factor.setup', 'two_factor.code_failed', 'two_factor.enable']),
    )
    expect(await securityAlerts()).toContain('Two-factor authentication is on for your BlueConsent account')
  })
})

describe('sign-in with two-factor on', () => {
  it('answers the password with a challenge and no session; a code from the secret signs in, once', async () => {
    const { secret } = await enrol('CLINICIAN')
    clinicianSecret = secret
    const { client, response } = await passwordStep('CLINICIAN')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toEqual({
      two_factor_required: true,
      challenge: expect.any(String),
      methods: ['totp', 'recovery_code'],
    })
    expect(body.access).toBeUndefined()
    expect(response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)).toBeUndefined()

    // Without the second step there is no session for /o/authorize/ to use: it sends the browser to sign in.
    const authorize = await client.request({
      method: 'GET',
      url: `/o/authorize/?${new URLSearchParams({
        response_type: 'code',
        client_id: WEB_OAUTH_CLIENT_ID,
        redirect_uri: `${TEST_PUBLIC_URL}/app/oauth/callback`,
        scope: 'read write',
        state: 'state-1',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
      }).toString()}`,
    })
    expect(authorize.statusCode).toBe(302)
    expect(authorize.headers.location).toMatch(/^\/app\/login\?next=/)

    const code = await codeNow(secret)
    const signedIn = await codeStep(client, { challenge: body.challenge, code })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json()).toMatchObject({
      access: expect.any(String),
      expires_in: expect.any(Number),
      user: { email: demoUser('CLINICIAN').email },
      tin_scope: expect.any(Object),
    })
    expect(client.cookies.has(REFRESH_COOKIE)).toBe(true)
    expect((await client.request({ method: 'GET', url: '/api/jwt/verify/' })).statusCode).toBe(200)
    expect((await client.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(200)

    // The challenge is used up, and the same code is refused on a new one (replay within its step).
    expect((await codeStep(client, { challenge: body.challenge, code })).statusCode).toBe(401)
    const second = await passwordStep('CLINICIAN')
    const replay = await codeStep(second.client, { challenge: second.response.json().challenge, code })
    expect(replay.statusCode).toBe(400)
    expect(replay.json().code).toEqual([
      'That code is not valid. Check your authenticator app and try again.',
    ])

    // A step later a code is accepted, and so is the next step's code (clock drift of one step either way).
    t.clock.advance(30_000)
    const third = await passwordStep('CLINICIAN')
    const ahead = await codeStep(third.client, {
      challenge: third.response.json().challenge,
      code: await codeNow(secret, 30),
    })
    expect(ahead.statusCode).toBe(200)
    // Two steps behind is too old.
    t.clock.advance(60_000)
    const fourth = await passwordStep('CLINICIAN')
    const stale = await codeStep(fourth.client, {
      challenge: fourth.response.json().challenge,
      code: await codeNow(secret, -90),
    })
    expect(stale.statusCode).toBe(400)
  })

  it('accepts each recovery code once, in either case and without the hyphen, and sends an alert', async () => {
    const { recoveryCodes } = await enrol('PHYSICIAN_USER')
    const userId = await userIdOf('PHYSICIAN_USER')
    const [first = ''] = recoveryCodes
    const { client, response } = await passwordStep('PHYSICIAN_USER')
    const signedIn = await codeStep(client, {
      challenge: response.json().challenge,
      recovery_code: first.replace('-', '').toUpperCase(),
    })
    expect(signedIn.statusCode).toBe(200)
    const status = (await client.request({ method: 'GET', url: '/api/two-factor/' })).json()
    expect(status.recovery_codes_remaining).toBe(9)

    const again = await passwordStep('PHYSICIAN_USER')
    const reused = await codeStep(again.client, {
      challenge: again.response.json().challenge,
      recovery_code: first,
    })
    expect(reused.statusCode).toBe(400)
    expect(reused.json()).toEqual({
      recovery_code: ['That recovery code is not valid or has already been used.'],
    })
    expect(await auditActions(userId)).toEqual(
      expect.arrayContaining(['two_factor.recovery_code_used', 'two_factor.code_failed']),
    )
    expect(await securityAlerts()).toContain('A recovery code was used on your BlueConsent account')
  })

  it('locks two-factor for 15 minutes after 5 wrong codes; the challenge dies with it', async () => {
    const { secret } = await enrol('AGENT_ADMIN')
    const userId = await userIdOf('AGENT_ADMIN')
    const { client, response } = await passwordStep('AGENT_ADMIN')
    const challenge = response.json().challenge
    const bogus = await codeStep(createClient(t.app, { ip: nextIp() }), {
      challenge: 'x'.repeat(43),
      code: '000000',
    })
    expect(bogus.statusCode).toBe(401)
    const wrongCode = (await codeNow(secret)) === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect((await codeStep(client, { challenge, code: wrongCode })).statusCode).toBe(400)
    const fifth = await codeStep(client, { challenge, code: wrongCode })
    expect(fifth.statusCode).toBe(429)
    expect(fifth.json()).toEqual({
      detail: 'Too many wrong codes. Two-factor sign-in is locked for 15 minutes.',
      code: 'locked_out',
    })
    expect(Number(fifth.headers['retry-after'])).toBe(900)
    expect((await codeStep(client, { challenge, code: await codeNow(secret) })).statusCode).toBe(401)

    const locked = await passwordStep('AGENT_ADMIN')
    const refused = await codeStep(locked.client, {
      challenge: locked.response.json().challenge,
      code: await codeNow(secret),
    })
    expect(refused.statusCode).toBe(429)
    expect(await auditActions(userId)).toContain('two_factor.locked')

    t.clock.advance(15 * 60_000 + 1000)
    const later = await passwordStep('AGENT_ADMIN')
    const signedIn = await codeStep(later.client, {
      challenge: later.response.json().challenge,
      code: await codeNow(secret),
    })
    expect(signedIn.statusCode).toBe(200)
  })

  it('lets a challenge live 5 minutes', async () => {
    const { client, response } = await passwordStep('CLINICIAN')
    t.clock.advance(5 * 60_000 + 1000)
    const late = await codeStep(client, {
      challenge: response.json().challenge,
      code: await codeNow(clinicianSecret),
    })
    expect(late.statusCode).toBe(401)
    expect(late.json()).toEqual({
      detail: 'Your sign-in has expired. Please sign in again.',
      code: 'token_not_valid',
    })
  })
})

describe('recovery codes and turning two-factor off', () => {
  it('regenerates codes and disables only with the password and a code', async () => {
    const { secret, recoveryCodes } = await enrol('USER')
    const userId = await userIdOf('USER')
    const { client, response } = await passwordStep('USER')
    await codeStep(client, { challenge: response.json().challenge, code: await codeNow(secret) })
    t.clock.advance(30_000)

    const noCode = await client.request({
      method: 'POST',
      url: '/api/two-factor/disable/',
      payload: { password: DEMO_PASSWORD },
    })
    expect(noCode.statusCode).toBe(400)
    const wrongPassword = await client.request({
      method: 'POST',
      url: '/api/two-factor/disable/',
      payload: { password: 'wrong-password', code: await codeNow(secret) },
    })
    expect(wrongPassword.json()).toEqual({ password: ['Your current password is incorrect.'] })
    const wrongCode = await client.request({
      method: 'POST',
      url: '/api/two-factor/disable/',
      payload: { password: DEMO_PASSWORD, code: 'zzzzz-zzzzz' },
    })
    expect(wrongCode.statusCode).toBe(400)
    expect(wrongCode.json().code).toHaveLength(1)

    const regenerated = await client.request({
      method: 'POST',
      url: '/api/two-factor/recovery-codes/',
      payload: { password: DEMO_PASSWORD, code: await codeNow(secret) },
    })
    expect(regenerated.statusCode).toBe(200)
    const fresh: string[] = regenerated.json().recovery_codes
    expect(fresh).toHaveLength(10)
    expect(fresh).not.toContain(recoveryCodes[0])
    // The old codes stopped working.
    const old = await client.request({
      method: 'POST',
      url: '/api/two-factor/disable/',
      payload: { password: DEMO_PASSWORD, code: recoveryCodes[1] },
    })
    expect(old.statusCode).toBe(400)

    const disabled = await client.request({
      method: 'POST',
      url: '/api/two-factor/disable/',
      payload: { password: DEMO_PASSWORD, code: fresh[0] },
    })
    expect(disabled.statusCode).toBe(200)
    expect(disabled.json()).toEqual({ detail: 'Two-factor authentication is off.' })
    expect((await client.request({ method: 'GET', url: '/api/two-factor/' })).json().state).toBe('off')
    const rows = await t.app.ctx.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, userId))
    expect(rows).toEqual([])

    // Signing in is the password again.
    const plain = await passwordStep('USER')
    expect(plain.response.json().access).toEqual(expect.any(String))
    expect(await auditActions(userId)).toEqual(
      expect.arrayContaining(['two_factor.recovery_codes_regenerate', 'two_factor.disable']),
    )
    expect(await securityAlerts()).toContain(
      'Two-factor authentication was turned off for your BlueConsent account',
    )
  })
})

describe('an organisation that requires two-factor', () => {
  it('is set by its admin only, and its members enrol at their next sign-in', async () => {
    const admin = await loginAs(t.app, 'PHYSICIAN_ADMIN', { ip: nextIp() })
    const adminId = await userIdOf('PHYSICIAN_ADMIN')
    const [adminRow] = await t.app.ctx.db.select().from(users).where(eq(users.id, adminId))
    const orgId = adminRow?.organizationId ?? ''
    const [acoAdminRow] = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoUser('ACO_ADMIN').email))
    const otherOrg = acoAdminRow?.organizationId ?? ''
    const url = (id: string) => `/api/organizations/${id}/security/`

    expect((await admin.request({ method: 'GET', url: url(orgId) })).json()).toEqual({
      require_two_factor: false,
    })
    expect((await admin.request({ method: 'GET', url: url(otherOrg) })).statusCode).toBe(404)
    expect(
      (await admin.request({ method: 'PUT', url: url(otherOrg), payload: { require_two_factor: true } }))
        .statusCode,
    ).toBe(404)
    // Not an organisation admin (ACO_USER has no two-factor in these tests, so it signs in directly).
    const member = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    expect((await member.request({ method: 'GET', url: url(otherOrg) })).statusCode).toBe(403)
    const platformAdmin = await loginAs(t.app, 'ADMIN', { ip: nextIp() })
    expect((await platformAdmin.request({ method: 'GET', url: url(otherOrg) })).statusCode).toBe(200)

    const set = await admin.request({ method: 'PUT', url: url(orgId), payload: { require_two_factor: true } })
    expect(set.json()).toEqual({ require_two_factor: true })
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'organization.two_factor_requirement'), eq(auditLog.actorUserId, adminId)),
      )
    expect(audit?.details).toEqual({ before: false, after: true })
    expect(audit?.targetId).toBe(orgId)

    // The admin themself has no two-factor yet: the password is answered with enrolment.
    const { client, response } = await passwordStep('PHYSICIAN_ADMIN')
    expect(response.json()).toEqual({ two_factor_enrollment_required: true, challenge: expect.any(String) })
    expect(response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE)).toBeUndefined()
    const challenge = response.json().challenge
    // The enrolment challenge is not a code challenge.
    expect((await codeStep(client, { challenge, code: '123456' })).statusCode).toBe(401)
    const setup = await client.request({
      method: 'POST',
      url: '/api/jwt/login/two-factor/setup/',
      payload: { challenge },
    })
    expect(setup.statusCode).toBe(200)
    const { secret } = setup.json()
    const wrong = await client.request({
      method: 'POST',
      url: '/api/jwt/login/two-factor/confirm/',
      payload: { challenge, code: (await codeNow(secret)) === '000000' ? '111111' : '000000' },
    })
    expect(wrong.statusCode).toBe(400)
    const confirmed = await client.request({
      method: 'POST',
      url: '/api/jwt/login/two-factor/confirm/',
      payload: { challenge, code: await codeNow(secret) },
    })
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({
      access: expect.any(String),
      user: { email: demoUser('PHYSICIAN_ADMIN').email },
      recovery_codes: expect.any(Array),
    })
    expect(confirmed.json().recovery_codes).toHaveLength(10)
    expect(client.cookies.has(REFRESH_COOKIE)).toBe(true)
    client.access = confirmed.json().access
    // Used once.
    const reuse = await client.request({
      method: 'POST',
      url: '/api/jwt/login/two-factor/setup/',
      payload: { challenge },
    })
    expect(reuse.statusCode).toBe(401)

    const status = (await client.request({ method: 'GET', url: '/api/two-factor/' })).json()
    expect(status).toMatchObject({ state: 'on', required: true })
    t.clock.advance(30_000)
    const refused = await client.request({
      method: 'POST',
      url: '/api/two-factor/disable/',
      payload: { password: DEMO_PASSWORD, code: await codeNow(secret) },
    })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail).toBe(
      'Your organization requires two-factor authentication, so it cannot be turned off.',
    )

    // Lifted again: two-factor stays on for who enrolled, and is no longer marked required.
    await admin.request({ method: 'PUT', url: url(orgId), payload: { require_two_factor: false } })
    const lifted = (await client.request({ method: 'GET', url: '/api/two-factor/' })).json()
    expect(lifted).toMatchObject({ state: 'on', required: false })
  })
})
