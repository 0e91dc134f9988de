// Organisation admins manage their third-party apps; every user lists and revokes the apps they authorized.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { oauthClients } from '../../platform/db/schema/oauth.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import {
  authorizeApp,
  consentCode,
  exchangeCode,
  pkce,
  refreshWith,
  registerApp,
  verifyStatus,
} from '../../testing/oauth-apps.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { userByEmail, verifyPassword } from '../../platform/identity/index.ts'
import { demoUser } from '../demo-data/index.ts'

let t: TestApp
let ipCounter = 0
const nextIp = () => `10.7.0.${++ipCounter}`
let acoAdmin: TestClient

beforeAll(async () => {
  t = await buildTestApp()
  acoAdmin = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
})
afterAll(() => t?.close())

async function storedClient(clientId: string) {
  const [row] = await t.app.ctx.db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId))
  return row
}

async function auditCount(action: string, targetId: string): Promise<number> {
  const rows = await t.app.ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
  return rows.length
}

describe('registering an app', () => {
  it('answers the client id and a secret once, stores only its hash, in the admin’s organisation, audited', async () => {
    const app = await registerApp(acoAdmin, { name: 'Care Sync', redirect: 'https://care.example/cb' })
    expect(app.clientId).toMatch(/^bc_/)
    expect(app.secret.length).toBeGreaterThanOrEqual(43)
    const row = await storedClient(app.clientId)
    expect(row?.clientSecretHash).not.toBe(app.secret)
    expect(row?.clientSecretHash).not.toContain(app.secret)
    expect(await verifyPassword(row?.clientSecretHash ?? '', app.secret)).toBe(true)
    const aco = await userByEmail(t.app.ctx.db, demoUser('ACO_ADMIN').email)
    expect(row?.organizationId).toBe(aco?.organizationId)
    expect(await auditCount('integration.app_create', app.id)).toBe(1)

    const list = await acoAdmin.request({ method: 'GET', url: '/api/integrations/apps/' })
    expect(list.statusCode).toBe(200)
    const listed = list.json().results.find((item: { id: string }) => item.id === app.id)
    expect(listed).toMatchObject({
      client_id: app.clientId,
      name: 'Care Sync',
      redirect_uris: ['https://care.example/cb'],
      organization: { id: aco?.organizationId, name: 'Riverbend Accountable Care (demo)' },
    })
    expect(list.body).not.toContain(app.secret)
  })

  it('accepts https and loopback http redirect URIs only, without fragments', async () => {
    const attempt = (uri: string) =>
      acoAdmin.request({
        method: 'POST',
        url: '/api/integrations/apps/',
        payload: { name: 'X', redirect_uris: [uri] },
      })
    expect((await attempt('http://app.example/cb')).statusCode).toBe(400)
    expect((await attempt('https://app.example/cb#frag')).statusCode).toBe(400)
    expect((await attempt('javascript:alert(1)')).statusCode).toBe(400)
    expect((await attempt('http://127.0.0.1:9000/cb')).statusCode).toBe(201)
    expect((await attempt('http://localhost/cb')).statusCode).toBe(201)
  })

  it('keeps another organisation’s apps out of sight: list, rotate and delete answer 404', async () => {
    const app = await registerApp(acoAdmin, { name: 'Riverbend only' })
    const physicianAdmin = await loginAs(t.app, 'PHYSICIAN_ADMIN', { ip: nextIp() })
    const list = await physicianAdmin.request({ method: 'GET', url: '/api/integrations/apps/' })
    expect(list.json().results.map((item: { id: string }) => item.id)).not.toContain(app.id)
    const rotate = await physicianAdmin.request({
      method: 'POST',
      url: `/api/integrations/apps/${app.id}/rotate-secret/`,
    })
    expect(rotate.statusCode).toBe(404)
    const remove = await physicianAdmin.request({
      method: 'DELETE',
      url: `/api/integrations/apps/${app.id}/`,
    })
    expect(remove.statusCode).toBe(404)
    expect(await storedClient(app.clientId)).toBeDefined()
  })

  it('lets the platform administrator register an app for a named organisation', async () => {
    const platform = await loginAs(t.app, 'ADMIN', { ip: nextIp() })
    const agent = await userByEmail(t.app.ctx.db, demoUser('AGENT_ADMIN').email)
    const app = await registerApp(platform, { organizationId: agent?.organizationId ?? '' })
    expect((await storedClient(app.clientId))?.organizationId).toBe(agent?.organizationId)
    const none = await platform.request({
      method: 'POST',
      url: '/api/integrations/apps/',
      payload: { name: 'Nowhere', redirect_uris: ['https://x.example/cb'] },
    })
    expect(none.statusCode).toBe(400)
  })
})

describe('rotating and deleting', () => {
  it('a rotated secret replaces the old one at once', async () => {
    const app = await registerApp(acoAdmin)
    const rotated = await acoAdmin.request({
      method: 'POST',
      url: `/api/integrations/apps/${app.id}/rotate-secret/`,
    })
    expect(rotated.statusCode).toBe(200)
    const secret = rotated.json().client_secret as string
    expect(secret).not.toBe(app.secret)
    expect(await auditCount('integration.app_secret_rotate', app.id)).toBe(1)

    const user = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const first = pkce()
    const oldSecret = await exchangeCode(
      t.app,
      app,
      await consentCode(user, app, first.challenge),
      first.verifier,
    )
    expect(oldSecret.statusCode).toBe(401)
    const second = pkce()
    const fresh = { ...app, secret }
    const newSecret = await exchangeCode(
      t.app,
      fresh,
      await consentCode(user, app, second.challenge),
      second.verifier,
    )
    expect(newSecret.statusCode).toBe(200)
  })

  it('deleting an app revokes every token it holds, on the next request', async () => {
    const app = await registerApp(acoAdmin)
    const user = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const tokens = await authorizeApp(t.app, user, app)
    expect(await verifyStatus(t.app, tokens.access)).toBe(200)
    const removed = await acoAdmin.request({ method: 'DELETE', url: `/api/integrations/apps/${app.id}/` })
    expect(removed.statusCode).toBe(204)
    expect(await auditCount('integration.app_delete', app.id)).toBe(1)
    expect(await verifyStatus(t.app, tokens.access)).toBe(401)
    expect((await refreshWith(t.app, app, tokens.refresh)).statusCode).toBe(401)
    expect(await storedClient(app.clientId)).toBeUndefined()
  })
})

describe('the apps a user authorized', () => {
  it('lists the app with its organisation and scopes, and the user’s revoke ends its tokens', async () => {
    const app = await registerApp(acoAdmin, { name: 'Revocable' })
    const user = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const tokens = await authorizeApp(t.app, user, app)
    const list = await user.request({ method: 'GET', url: '/api/integrations/authorized-apps/' })
    expect(list.statusCode).toBe(200)
    const grant = list.json().results.find((item: { app_name: string }) => item.app_name === 'Revocable')
    expect(grant).toMatchObject({
      organization_name: 'Riverbend Accountable Care (demo)',
      scopes: ['read', 'write'],
    })
    expect(grant.authorized_at).toEqual(expect.any(String))
    expect(grant.last_used_at).toEqual(expect.any(String))

    // Someone else cannot revoke it.
    const other = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
    const foreign = await other.request({
      method: 'DELETE',
      url: `/api/integrations/authorized-apps/${grant.grant_id}/`,
    })
    expect(foreign.statusCode).toBe(404)
    expect(await verifyStatus(t.app, tokens.access)).toBe(200)

    const revoke = await user.request({
      method: 'DELETE',
      url: `/api/integrations/authorized-apps/${grant.grant_id}/`,
    })
    expect(revoke.statusCode).toBe(204)
    expect(await auditCount('integration.grant_revoke', grant.grant_id)).toBe(1)
    expect(await verifyStatus(t.app, tokens.access)).toBe(401)
    const refreshed = await refreshWith(t.app, app, tokens.refresh)
    expect(refreshed.json().error).toBe('invalid_grant')
    const after = await user.request({ method: 'GET', url: '/api/integrations/authorized-apps/' })
    expect(after.json().results.map((item: { grant_id: string }) => item.grant_id)).not.toContain(
      grant.grant_id,
    )
  })

  it('refuses an app’s own token on the app and grant routes', async () => {
    const app = await registerApp(acoAdmin)
    const admin = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
    const tokens = await authorizeApp(t.app, admin, app)
    const asApp = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/apps/',
      headers: { authorization: `Bearer ${tokens.access}` },
    })
    expect(asApp.statusCode).toBe(403)
    const grants = await t.app.inject({
      method: 'GET',
      url: '/api/integrations/authorized-apps/',
      headers: { authorization: `Bearer ${tokens.access}` },
    })
    expect(grants.statusCode).toBe(403)
  })
})
