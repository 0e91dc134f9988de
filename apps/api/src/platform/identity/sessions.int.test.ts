// The account's active sessions: listed with device, address and last use (the caller's own marked current),
// one ended, or every other one; another user's session is not found; each change is audited.
import { REFRESH_COOKIE } from '@blueconsent/contract/auth'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../db/schema/audit.ts'
import { createClient, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { DEMO_PASSWORD, demoUser, type DemoPersona } from '../../features/demo-data/index.ts'

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

/** Signs in from a browser (its user agent) and address. */
async function signIn(persona: DemoPersona, userAgent: string, ip: string): Promise<TestClient> {
  const client = createClient(t.app, { ip })
  const response = await client.request({
    method: 'POST',
    url: '/api/jwt/login/',
    headers: { 'user-agent': userAgent },
    payload: { email: demoUser(persona).email, password: DEMO_PASSWORD },
  })
  expect(response.statusCode).toBe(200)
  client.access = response.json().access
  return client
}

type Listed = { id: string; device: string; ip_address: string; current: boolean; last_used_at: string }
const list = async (client: TestClient): Promise<Listed[]> =>
  (await client.request({ method: 'GET', url: '/api/sessions/' })).json().results

describe('active sessions', () => {
  it('lists each signed-in browser with its device, address and last use, the current one first', async () => {
    const laptop = await signIn('ACO_USER', CHROME_MAC, '203.0.113.5')
    t.clock.advance(60_000)
    const desktop = await signIn('ACO_USER', FIREFOX_WINDOWS, '203.0.113.6')
    const sessions = await list(laptop)
    expect(sessions).toHaveLength(2)
    expect(sessions[0]).toMatchObject({ device: 'Chrome on macOS', ip_address: '203.0.113.5', current: true })
    expect(sessions[1]).toMatchObject({
      device: 'Firefox on Windows',
      ip_address: '203.0.113.6',
      current: false,
    })

    // A refresh moves "last used" on and records where it came from.
    t.clock.advance(5 * 60_000)
    const refreshed = await desktop.request({
      method: 'POST',
      url: '/api/jwt/refresh/',
      headers: { 'user-agent': FIREFOX_WINDOWS },
    })
    expect(refreshed.statusCode).toBe(200)
    desktop.access = refreshed.json().access
    const after = await list(desktop)
    expect(after[0]).toMatchObject({ device: 'Firefox on Windows', current: true })
    expect(after[0]?.last_used_at).toBe(t.clock.now.toISOString())
    expect(after).toHaveLength(2)
  })

  it('ends one session (another user’s is not found) and then every other one', async () => {
    const phone = await signIn('AGENT_USER', SAFARI_IPHONE, '203.0.113.7')
    const laptop = await signIn('AGENT_USER', CHROME_MAC, '203.0.113.8')
    const desktop = await signIn('AGENT_USER', FIREFOX_WINDOWS, '203.0.113.9')
    const stranger = await signIn('CLINICIAN', CHROME_MAC, '203.0.113.10')
    const [phoneSession] = (await list(phone)).filter((session) => session.current)
    expect(phoneSession?.device).toBe('Safari on iOS')

    const notYours = await stranger.request({ method: 'DELETE', url: `/api/sessions/${phoneSession?.id}/` })
    expect(notYours.statusCode).toBe(404)
    expect((await stranger.request({ method: 'DELETE', url: '/api/sessions/not-a-uuid/' })).statusCode).toBe(
      404,
    )

    const ended = await laptop.request({ method: 'DELETE', url: `/api/sessions/${phoneSession?.id}/` })
    expect(ended.statusCode).toBe(200)
    // The phone's access token stops working at once, and its refresh cookie is dead.
    expect((await phone.request({ method: 'GET', url: '/api/jwt/verify/' })).statusCode).toBe(401)
    expect((await phone.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(401)
    expect(await list(laptop)).toHaveLength(2)

    const others = await desktop.request({ method: 'POST', url: '/api/sessions/sign-out-others/' })
    expect(others.json()).toEqual({ signed_out: 1 })
    expect((await laptop.request({ method: 'GET', url: '/api/jwt/verify/' })).statusCode).toBe(401)
    const remaining = await list(desktop)
    expect(remaining).toEqual([expect.objectContaining({ device: 'Firefox on Windows', current: true })])
    expect(desktop.cookies.has(REFRESH_COOKIE)).toBe(true)
    expect((await desktop.request({ method: 'POST', url: '/api/jwt/refresh/' })).statusCode).toBe(200)

    const rows = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'session'), eq(auditLog.action, 'session.revoke')))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.targetId).toBe(phoneSession?.id)
    const [all] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.revoke_others'))
    expect(all?.details).toEqual({ signed_out: 1 })
  })

  it('needs a signed-in user', async () => {
    const response = await createClient(t.app).request({ method: 'GET', url: '/api/sessions/' })
    expect(response.statusCode).toBe(401)
  })
})
