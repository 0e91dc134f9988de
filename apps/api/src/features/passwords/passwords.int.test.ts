// Password reset end to end (through the outbox) and password change.
import {
  OLD_PASSWORD_INCORRECT_MESSAGE,
  PASSWORD_RESET_INVALID_TOKEN_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  REFRESH_COOKIE,
} from '@blueconsent/contract/auth'
import { MESSAGES } from '@blueconsent/contract/shared'
import { type OutboxMessage } from '@blueconsent/contract/dev-outbox'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, demoUser } from '../demo-data/index.ts'
import { createClient, loginAs } from '../../testing/http-client.ts'
import { TEST_PUBLIC_URL, buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let ipCounter = 0
const nextIp = () => `10.2.0.${++ipCounter}`

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

async function outbox(): Promise<OutboxMessage[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox/' })
  return (response.json() as { results: OutboxMessage[] }).results
}

async function requestReset(email: string) {
  return createClient(t.app, { ip: nextIp() }).request({
    method: 'POST',
    url: '/api/users/password-reset/',
    payload: { email },
  })
}

async function latestResetLink(email: string): Promise<{ uid: string; token: string }> {
  const message = (await outbox()).find((m) => m.to === email)
  const link = message?.links[0] ?? ''
  const match = new RegExp(`^${TEST_PUBLIC_URL}/app/password-reset/([^/]+)/([^/]+)$`).exec(link)
  if (!match?.[1] || !match[2]) throw new Error(`no reset link for ${email}: ${link}`)
  return { uid: match[1], token: match[2] }
}

const confirm = (body: Record<string, string>) =>
  createClient(t.app, { ip: nextIp() }).request({
    method: 'POST',
    url: '/api/users/password-reset-confirm/',
    payload: body,
  })

describe('password reset', () => {
  it('answers the same way, in about the same time, whether or not the account exists', async () => {
    const before = (await outbox()).length
    const startKnown = performance.now()
    const known = await requestReset(demoUser('AGENT_USER').email)
    const knownMs = performance.now() - startKnown
    const startUnknown = performance.now()
    const unknown = await requestReset('nobody-here@example.test')
    const unknownMs = performance.now() - startUnknown
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.json()).toEqual({ detail: PASSWORD_RESET_SENT_MESSAGE })
    expect(unknown.json()).toEqual(known.json())
    expect(Math.min(knownMs, unknownMs)).toBeGreaterThanOrEqual(240)
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(200)
    const messages = await outbox()
    expect(messages.length).toBe(before + 1)
    expect(messages[0]).toMatchObject({
      to: demoUser('AGENT_USER').email,
      channel: 'email',
      status: 'queued',
    })
  })

  it('validates the email field', async () => {
    const response = await requestReset('not-an-email')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ email: ['Please enter a valid email address'] })
  })

  it('resets the password once with the emailed link, and the link then stops working', async () => {
    const email = demoUser('PHYSICIAN_USER').email
    await requestReset(email)
    const { uid, token } = await latestResetLink(email)
    const done = await confirm({
      uid,
      token,
      password: 'Fresh-Lantern-123',
      password_confirm: 'Fresh-Lantern-123',
    })
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ detail: 'Your password has been reset successfully.' })
    expect((await createClient(t.app, { ip: nextIp() }).login(email, 'Fresh-Lantern-123')).statusCode).toBe(
      200,
    )
    expect((await createClient(t.app, { ip: nextIp() }).login(email, DEMO_PASSWORD)).statusCode).toBe(401)
    const again = await confirm({
      uid,
      token,
      password: 'Another-Pass-456',
      password_confirm: 'Another-Pass-456',
    })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ token: [PASSWORD_RESET_INVALID_TOKEN_MESSAGE] })
  })

  it('signs out existing sessions when the password is reset', async () => {
    const client = await loginAs(t.app, 'AGENT_ADMIN', { ip: nextIp() })
    await requestReset(demoUser('AGENT_ADMIN').email)
    const { uid, token } = await latestResetLink(demoUser('AGENT_ADMIN').email)
    expect(
      (await confirm({ uid, token, password: 'Reset-Pass-789', password_confirm: 'Reset-Pass-789' }))
        .statusCode,
    ).toBe(200)
    expect((await client.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(401)
  })

  it('refuses an expired link (older than 1 hour)', async () => {
    const email = demoUser('CLINICIAN').email
    await requestReset(email)
    const { uid, token } = await latestResetLink(email)
    t.clock.advance(61 * 60_000)
    const response = await confirm({
      uid,
      token,
      password: 'Late-Pass-123',
      password_confirm: 'Late-Pass-123',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ token: [PASSWORD_RESET_INVALID_TOKEN_MESSAGE] })
  })

  it('voids a link when the password changes in the meantime', async () => {
    const client = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    await requestReset(demoUser('ACO_USER').email)
    const { uid, token } = await latestResetLink(demoUser('ACO_USER').email)
    const change = await client.request({
      method: 'POST',
      url: '/api/users/password-change/',
      payload: {
        old_password: DEMO_PASSWORD,
        new_password: 'Changed-Pass-1',
        new_password_confirm: 'Changed-Pass-1',
      },
    })
    expect(change.statusCode).toBe(200)
    const response = await confirm({ uid, token, password: 'Reset-Pass-2', password_confirm: 'Reset-Pass-2' })
    expect(response.json()).toEqual({ token: [PASSWORD_RESET_INVALID_TOKEN_MESSAGE] })
  })

  it('reports field errors with the contract’s validation messages, and refuses forged tokens', async () => {
    const short = await confirm({ uid: 'x', token: 'y', password: 'short', password_confirm: 'different' })
    expect(short.statusCode).toBe(400)
    expect(short.json()).toEqual({
      password: ['Password must be at least 8 characters long'],
      password_confirm: ['Passwords do not match'],
    })
    const forged = await confirm({
      uid: 'bm9wZQ',
      token: '1abc-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      password: 'Valid-Pass-1',
      password_confirm: 'Valid-Pass-1',
    })
    expect(forged.json()).toEqual({ token: [PASSWORD_RESET_INVALID_TOKEN_MESSAGE] })
  })
})

describe('reset throttling', () => {
  it('limits reset requests per client IP', async () => {
    const client = createClient(t.app, { ip: '10.2.9.9' })
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) {
      const response = await client.request({
        method: 'POST',
        url: '/api/users/password-reset/',
        payload: { email: `x${i}@example.test` },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
    expect(statuses[5]).toBe(429)
  })
})

describe('password change', () => {
  it('needs a signed-in user', async () => {
    const response = await createClient(t.app).request({
      method: 'POST',
      url: '/api/users/password-change/',
      payload: {
        old_password: 'a',
        new_password: 'Quiet-Harbor-123',
        new_password_confirm: 'Quiet-Harbor-123',
      },
    })
    expect(response.statusCode).toBe(401)
  })

  it('rejects a wrong current password and invalid new passwords with field errors', async () => {
    const client = await loginAs(t.app, 'PHYSICIAN_ADMIN', { ip: nextIp() })
    const wrong = await client.request({
      method: 'POST',
      url: '/api/users/password-change/',
      payload: {
        old_password: 'not-it',
        new_password: 'Quiet-Harbor-123',
        new_password_confirm: 'Quiet-Harbor-123',
      },
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({ old_password: [OLD_PASSWORD_INCORRECT_MESSAGE] })
    const invalid = await client.request({
      method: 'POST',
      url: '/api/users/password-change/',
      payload: { old_password: '', new_password: 'short', new_password_confirm: 'other' },
    })
    expect(invalid.json()).toEqual({
      old_password: ['Current password is required'],
      new_password: ['Password must be at least 8 characters'],
      new_password_confirm: ['Passwords do not match'],
    })
    const common = await client.request({
      method: 'POST',
      url: '/api/users/password-change/',
      payload: {
        old_password: DEMO_PASSWORD,
        new_password: 'Iloveyou2!',
        new_password_confirm: 'Iloveyou2!',
      },
    })
    expect(common.statusCode).toBe(400)
    expect(common.json()).toEqual({ new_password: [MESSAGES.passwordTooCommon] })
  })

  it('changes the password, keeps this session and ends the others', async () => {
    const other = await loginAs(t.app, 'ADMIN', { ip: nextIp() })
    const current = await loginAs(t.app, 'ADMIN', { ip: nextIp() })
    const response = await current.request({
      method: 'POST',
      url: '/api/users/password-change/',
      payload: {
        old_password: DEMO_PASSWORD,
        new_password: 'Admin-Changed-1',
        new_password_confirm: 'Admin-Changed-1',
      },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ detail: 'Password updated successfully' })
    expect((await current.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(200)
    expect((await other.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(401)
    expect(other.cookies.has(REFRESH_COOKIE)).toBe(false)
  })
})
