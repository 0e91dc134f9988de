// A third-party app gets a code only after the user allows it on the consent page, and only from a member
// of the organisation the app belongs to.
import { CSRF_COOKIE, OAUTH_CONSENT_PATH } from '@blueconsent/contract/auth'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { oauthClients, oauthCodes } from '../../platform/db/schema/oauth.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import {
  authorizeApp,
  authorizeQuery,
  pkce,
  registerApp,
  startAuthorize,
  type RegisteredApp,
} from '../../testing/oauth-apps.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { hashPassword } from '../../platform/identity/index.ts'
import { insertClient } from './oauth.repository.ts'

let t: TestApp
let ipCounter = 0
const nextIp = () => `10.8.0.${++ipCounter}`
let app: RegisteredApp

beforeAll(async () => {
  t = await buildTestApp()
  const admin = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
  app = await registerApp(admin, { name: 'Riverbend Reports' })
})
afterAll(() => t?.close())

async function codesOf(clientId: string): Promise<number> {
  const rows = await t.app.ctx.db.select().from(oauthCodes).where(eq(oauthCodes.clientId, clientId))
  return rows.length
}

function consentQuery(location: string): Record<string, string> {
  return Object.fromEntries(new URL(location, 'http://x').searchParams)
}

const decide = (user: TestClient, query: Record<string, string>, decision: string, csrf = true) =>
  user.request({ method: 'POST', url: '/api/oauth/consent/', payload: { ...query, decision }, csrf })

describe('consent for a third-party app', () => {
  it('a GET to authorize with the session cookie sends the user to the consent page, never to the app with a code', async () => {
    const user = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const before = await codesOf(app.clientId)
    const response = await startAuthorize(user, app, pkce().challenge)
    expect(response.statusCode).toBe(302)
    const location = String(response.headers.location)
    expect(location.startsWith(`${OAUTH_CONSENT_PATH}?`)).toBe(true)
    expect(location).not.toContain('code=')
    expect(consentQuery(location)).toMatchObject({ client_id: app.clientId, state: 'state-xyz' })
    expect(await codesOf(app.clientId)).toBe(before)
  })

  it('names the app, its organisation and its scopes in words', async () => {
    const user = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const query = new URLSearchParams(authorizeQuery(app, pkce().challenge))
    const details = await user.request({ method: 'GET', url: `/api/oauth/consent/?${query.toString()}` })
    expect(details.statusCode).toBe(200)
    expect(details.json()).toMatchObject({
      app_name: 'Riverbend Reports',
      organization_name: 'Riverbend Accountable Care (demo)',
      redirect_uri: app.redirect,
    })
    expect(details.json().scopes.map((scope: { scope: string }) => scope.scope)).toEqual(['read', 'write'])
    expect(details.json().scopes[0].description).toMatch(/^Read/)
  })

  it('refuses the decision without the CSRF token, and issues a code only on the allowed POST', async () => {
    const user = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const start = await startAuthorize(user, app, pkce().challenge)
    const query = consentQuery(String(start.headers.location))
    const before = await codesOf(app.clientId)

    const noHeader = await decide(user, query, 'allow', false)
    expect(noHeader.statusCode).toBe(403)
    expect(noHeader.json().code).toBe('csrf_failed')
    const wrongHeader = await user.request({
      method: 'POST',
      url: '/api/oauth/consent/',
      payload: { ...query, decision: 'allow' },
      csrf: false,
      headers: { 'x-csrftoken': 'forged', cookie: `${CSRF_COOKIE}=other` },
    })
    expect(wrongHeader.statusCode).toBe(403)
    expect(await codesOf(app.clientId)).toBe(before)

    const allowed = await decide(user, query, 'allow')
    expect(allowed.statusCode).toBe(200)
    const redirect = new URL(allowed.json().redirect_to)
    expect(`${redirect.origin}${redirect.pathname}`).toBe(app.redirect)
    expect(redirect.searchParams.get('state')).toBe('state-xyz')
    expect(redirect.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await codesOf(app.clientId)).toBe(before + 1)
    const [audited] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'oauth.consent_allow'), eq(auditLog.targetId, app.clientId)))
    expect(audited).toBeDefined()
  })

  it('Deny sends the user back with error=access_denied and the state, and no code', async () => {
    const user = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const start = await startAuthorize(user, app, pkce().challenge)
    const before = await codesOf(app.clientId)
    const denied = await decide(user, consentQuery(String(start.headers.location)), 'deny')
    expect(denied.statusCode).toBe(200)
    const redirect = new URL(denied.json().redirect_to)
    expect(redirect.searchParams.get('error')).toBe('access_denied')
    expect(redirect.searchParams.get('state')).toBe('state-xyz')
    expect(redirect.searchParams.get('code')).toBeNull()
    expect(await codesOf(app.clientId)).toBe(before)
  })

  it('refuses a redirect URI that is not registered exactly', async () => {
    const user = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const query = { ...authorizeQuery(app, pkce().challenge), redirect_uri: `${app.redirect}/extra` }
    const response = await decide(user, query, 'allow')
    expect(response.statusCode).toBe(400)
    const viaAuthorize = await user.request({
      method: 'GET',
      url: `/o/authorize/?${new URLSearchParams(query).toString()}`,
    })
    expect(viaAuthorize.statusCode).toBe(400)
    expect(viaAuthorize.headers.location).toBeUndefined()
  })

  it('an app’s own token cannot answer a consent request', async () => {
    const user = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const tokens = await authorizeApp(t.app, user, app)
    const asApp = await t.app.inject({
      method: 'GET',
      url: `/api/oauth/consent/?${new URLSearchParams(authorizeQuery(app, pkce().challenge)).toString()}`,
      headers: { authorization: `Bearer ${tokens.access}` },
    })
    expect(asApp.statusCode).toBe(403)
  })
})

describe('an app belongs to one organisation', () => {
  it('another organisation’s user never gets a code: access_denied at authorize, 403 on the consent calls', async () => {
    const outsider = await loginAs(t.app, 'PHYSICIAN_USER', { ip: nextIp() })
    const before = await codesOf(app.clientId)
    const start = await startAuthorize(outsider, app, pkce().challenge)
    expect(start.statusCode).toBe(302)
    const location = new URL(String(start.headers.location))
    expect(`${location.origin}${location.pathname}`).toBe(app.redirect)
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('code')).toBeNull()

    const query = authorizeQuery(app, pkce().challenge)
    const details = await outsider.request({
      method: 'GET',
      url: `/api/oauth/consent/?${new URLSearchParams(query).toString()}`,
    })
    expect(details.statusCode).toBe(403)
    const allowed = await decide(outsider, query, 'allow')
    expect(allowed.statusCode).toBe(403)
    expect(await codesOf(app.clientId)).toBe(before)
  })

  it('a client registered without an organisation can be authorized by nobody', async () => {
    await insertClient(t.app.ctx.db, {
      clientId: 'orphan-client',
      name: 'Orphan',
      redirectUris: ['https://orphan.example/cb'],
      clientSecretHash: await hashPassword('orphan-secret-123'),
    })
    const orphan = { clientId: 'orphan-client', redirect: 'https://orphan.example/cb' }
    const user = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
    const start = await startAuthorize(user, orphan, pkce().challenge)
    expect(new URL(String(start.headers.location)).searchParams.get('error')).toBe('access_denied')
    expect(await codesOf('orphan-client')).toBe(0)
    await t.app.ctx.db.delete(oauthClients).where(eq(oauthClients.clientId, 'orphan-client'))
  })
})
