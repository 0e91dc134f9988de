// The admin area (people side): the admin guard and scope on every endpoint, the last-superuser rule,
// deactivation ending sessions at once, and an audit row for every action.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { userGroups, users } from '../../platform/db/schema/users.ts'
import { hashPassword } from '../../platform/identity/index.ts'
import { demoUser } from '../../features/demo-data/index.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let platform: TestClient
let orgAdmin: TestClient
let acoOrgId: string
let physicianOrgId: string
let physicianUserId: string

const PASSWORD = 'Admin-Test-Passw0rd!'

async function userRow(persona: 'ADMIN' | 'ACO_ADMIN' | 'ACO_USER' | 'PHYSICIAN_USER') {
  const [row] = await t.app.ctx.db
    .select()
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  if (!row) throw new Error(`no ${persona}`)
  return row
}

/** A member of the ACO made for one test, so the demo personas stay as other tests expect them. */
async function newAcoMember(label: string) {
  const email = `admin-test-${label}@example.test`
  const [row] = await t.app.ctx.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(PASSWORD),
      firstName: 'Temp',
      lastName: label,
      role: 'ACO_USER',
      organizationId: acoOrgId,
      emailVerifiedAt: new Date(),
    })
    .returning()
  if (!row) throw new Error('insert failed')
  return row
}

async function lastAudit(action: string, targetId: string | null = null) {
  const conditions = [eq(auditLog.action, action)]
  if (targetId) conditions.push(eq(auditLog.targetId, targetId))
  const [row] = await t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(1)
  return row
}

beforeAll(async () => {
  t = await buildTestApp()
  platform = await loginAs(t.app, 'ADMIN')
  orgAdmin = await loginAs(t.app, 'ACO_ADMIN')
  acoOrgId = (await userRow('ACO_ADMIN')).organizationId ?? ''
  const physician = await userRow('PHYSICIAN_USER')
  physicianOrgId = physician.organizationId ?? ''
  physicianUserId = physician.id
})
afterAll(async () => {
  await t.close()
})

describe('admin guard', () => {
  it('lets a superuser and an admin-group member in, refuses a plain member with 403', async () => {
    const member = await loginAs(t.app, 'ACO_USER')
    const urls = ['/api/admin/overview/', '/api/admin/users/', '/api/admin/organizations/']
    for (const url of urls) {
      expect((await platform.request({ method: 'GET', url })).statusCode).toBe(200)
      expect((await orgAdmin.request({ method: 'GET', url })).statusCode).toBe(200)
      expect((await member.request({ method: 'GET', url })).statusCode).toBe(403)
      expect((await createClient(t.app).request({ method: 'GET', url })).statusCode).toBe(401)
    }
    const writes = [
      { method: 'PATCH', url: `/api/admin/users/${physicianUserId}/role/`, payload: { role: 'CLINICIAN' } },
      { method: 'PUT', url: `/api/admin/users/${physicianUserId}/groups/`, payload: { groups: [] } },
      { method: 'POST', url: `/api/admin/users/${physicianUserId}/deactivate/` },
      { method: 'POST', url: `/api/admin/users/${physicianUserId}/reactivate/` },
      { method: 'POST', url: `/api/admin/users/${physicianUserId}/send-password-reset/` },
      { method: 'POST', url: `/api/admin/users/${physicianUserId}/resend-verification/` },
      { method: 'PATCH', url: `/api/admin/organizations/${physicianOrgId}/`, payload: { name: 'X' } },
      { method: 'POST', url: '/api/admin/organizations/', payload: { name: 'X', organization_type: 'ACO' } },
    ] as const
    for (const write of writes) expect((await member.request(write)).statusCode).toBe(403)
  })

  it('answers 404 when an organisation admin reaches another organisation', async () => {
    const other = [
      { method: 'GET', url: `/api/admin/users/${physicianUserId}/` },
      { method: 'PATCH', url: `/api/admin/users/${physicianUserId}/role/`, payload: { role: 'CLINICIAN' } },
      { method: 'PUT', url: `/api/admin/users/${physicianUserId}/groups/`, payload: { groups: [] } },
      { method: 'POST', url: `/api/admin/users/${physicianUserId}/deactivate/` },
      { method: 'POST', url: `/api/admin/users/${physicianUserId}/reactivate/` },
      { method: 'POST', url: `/api/admin/users/${physicianUserId}/send-password-reset/` },
      { method: 'POST', url: `/api/admin/users/${physicianUserId}/resend-verification/` },
      { method: 'GET', url: `/api/admin/organizations/${physicianOrgId}/` },
      { method: 'PATCH', url: `/api/admin/organizations/${physicianOrgId}/`, payload: { name: 'X' } },
    ] as const
    for (const request of other) expect((await orgAdmin.request(request)).statusCode).toBe(404)
    expect((await platform.request(other[0])).statusCode).toBe(200)
  })

  it('shows an organisation admin only their own organisation and its users', async () => {
    const orgs = (await orgAdmin.request({ method: 'GET', url: '/api/admin/organizations/' })).json()
    expect(orgs.results.map((org: { id: string }) => org.id)).toEqual([acoOrgId])
    const list = (await orgAdmin.request({ method: 'GET', url: '/api/admin/users/?page_size=100' })).json()
    expect(list.results.every((user: { organization_id: string }) => user.organization_id === acoOrgId)).toBe(
      true,
    )
    const overview = (await orgAdmin.request({ method: 'GET', url: '/api/admin/overview/' })).json()
    expect(overview).toMatchObject({ scope: 'organization', organizations: 1, failed_outbox_messages: null })
    const all = (await platform.request({ method: 'GET', url: '/api/admin/overview/' })).json()
    expect(all.scope).toBe('platform')
    expect(all.organizations).toBeGreaterThan(1)
    expect(await lastAudit('admin.overview_read')).toBeDefined()
  })

  it('refuses creating an organisation to an organisation admin', async () => {
    const response = await orgAdmin.request({
      method: 'POST',
      url: '/api/admin/organizations/',
      payload: { name: 'Not Mine', organization_type: 'ACO' },
    })
    expect(response.statusCode).toBe(403)
  })
})

describe('users', () => {
  it('searches, filters, sorts and pages', async () => {
    const url = '/api/admin/users/?search=admin&ordering=-email&page_size=2'
    const page = (await platform.request({ method: 'GET', url })).json()
    expect(page.results).toHaveLength(2)
    expect(page.count).toBeGreaterThan(2)
    expect(page.next).toContain('page=2')
    const emails = page.results.map((user: { email: string }) => user.email)
    expect([...emails].sort().reverse()).toEqual(emails)
    const aco = (
      await platform.request({
        method: 'GET',
        url: `/api/admin/users/?role=ACO_ADMIN&organization_id=${acoOrgId}`,
      })
    ).json()
    expect(aco.results.map((user: { email: string }) => user.email)).toEqual([demoUser('ACO_ADMIN').email])
    expect(aco.results[0].groups).toEqual(['Organization Admin'])
    expect(await lastAudit('admin.user_list')).toBeDefined()
  })

  it('shows a user with groups, TIN scope, sessions, sign-ins and their recent activity', async () => {
    const admin = await userRow('ACO_ADMIN')
    const detail = (await platform.request({ method: 'GET', url: `/api/admin/users/${admin.id}/` })).json()
    expect(detail).toMatchObject({ role: 'ACO_ADMIN', all_tins: true, two_factor_enabled: false })
    expect(detail.tins.length).toBeGreaterThan(0)
    expect(detail.active_sessions.length).toBeGreaterThan(0)
    expect(detail.recent_sign_ins.length).toBeGreaterThan(0)
    expect(detail.recent_activity.map((entry: { action: string }) => entry.action)).toContain(
      'admin.user_list',
    )
    expect(await lastAudit('admin.user_read', admin.id)).toBeDefined()
  })

  it('changes a role only to one that fits the organisation type; ADMIN is the platform’s to give', async () => {
    const member = await newAcoMember('role')
    const url = `/api/admin/users/${member.id}/role/`
    const wrong = await orgAdmin.request({ method: 'PATCH', url, payload: { role: 'PHYSICIAN_USER' } })
    expect(wrong.statusCode).toBe(400)
    const admin = await orgAdmin.request({ method: 'PATCH', url, payload: { role: 'ADMIN' } })
    expect(admin.statusCode).toBe(403)
    const ok = await orgAdmin.request({ method: 'PATCH', url, payload: { role: 'ACO_ADMIN' } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().role).toBe('ACO_ADMIN')
    expect((await lastAudit('admin.user_role_change', member.id))?.details).toMatchObject({
      role_before: 'ACO_USER',
      role_after: 'ACO_ADMIN',
    })
  })

  it('lets only a superuser grant the Admin group', async () => {
    const member = await newAcoMember('groups')
    const url = `/api/admin/users/${member.id}/groups/`
    expect((await orgAdmin.request({ method: 'PUT', url, payload: { groups: ['Admin'] } })).statusCode).toBe(
      403,
    )
    const ok = await orgAdmin.request({ method: 'PUT', url, payload: { groups: ['Organization Admin'] } })
    expect(ok.json().groups).toEqual(['Organization Admin'])
    const granted = await platform.request({ method: 'PUT', url, payload: { groups: ['Admin'] } })
    expect(granted.json().groups).toEqual(['Admin'])
    const rows = await t.app.ctx.db.select().from(userGroups).where(eq(userGroups.userId, member.id))
    expect(rows.map((row) => row.name)).toEqual(['Admin'])
    expect(await lastAudit('admin.user_groups_change', member.id)).toBeDefined()
  })

  it('deactivation refuses the user’s open session on its next call; reactivation lets them sign in', async () => {
    const member = await newAcoMember('deactivate')
    const session = createClient(t.app)
    expect((await session.login(member.email, PASSWORD)).statusCode).toBe(200)
    expect((await session.request({ method: 'GET', url: '/api/jwt/verify/' })).statusCode).toBe(200)
    const off = await orgAdmin.request({ method: 'POST', url: `/api/admin/users/${member.id}/deactivate/` })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ is_active: false, active_sessions: [] })
    expect((await session.request({ method: 'GET', url: '/api/jwt/verify/' })).statusCode).toBe(401)
    expect((await lastAudit('admin.user_deactivate', member.id))?.actorUserId).toBeTruthy()
    const on = await orgAdmin.request({ method: 'POST', url: `/api/admin/users/${member.id}/reactivate/` })
    expect(on.json().is_active).toBe(true)
    expect((await createClient(t.app).login(member.email, PASSWORD)).statusCode).toBe(200)
    expect(await lastAudit('admin.user_reactivate', member.id)).toBeDefined()
  })

  it('never deactivates or demotes the last active platform administrator', async () => {
    const admin = await userRow('ADMIN')
    const second = await newAcoMember('second-admin')
    await platform.request({
      method: 'PATCH',
      url: `/api/admin/users/${second.id}/role/`,
      payload: { role: 'ADMIN' },
    })
    // With two superusers one may go; with one left, neither demotion nor deactivation.
    const demoted = await platform.request({
      method: 'PATCH',
      url: `/api/admin/users/${second.id}/role/`,
      payload: { role: 'ACO_USER' },
    })
    expect(demoted.statusCode).toBe(200)
    const demote = await platform.request({
      method: 'PATCH',
      url: `/api/admin/users/${admin.id}/role/`,
      payload: { role: 'USER' },
    })
    expect(demote.statusCode).toBe(400)
    expect(demote.json().detail).toContain('last active platform administrator')
    const self = await platform.request({ method: 'POST', url: `/api/admin/users/${admin.id}/deactivate/` })
    expect(self.statusCode).toBe(400)
  })

  it('sends a password reset link and a verification link, audited', async () => {
    const member = await newAcoMember('links')
    const reset = await orgAdmin.request({
      method: 'POST',
      url: `/api/admin/users/${member.id}/send-password-reset/`,
    })
    expect(reset.statusCode).toBe(200)
    expect(await lastAudit('admin.user_password_reset', member.id)).toBeDefined()
    const verified = await orgAdmin.request({
      method: 'POST',
      url: `/api/admin/users/${member.id}/resend-verification/`,
    })
    expect(verified.statusCode).toBe(400)
    await t.app.ctx.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, member.id))
    const resent = await orgAdmin.request({
      method: 'POST',
      url: `/api/admin/users/${member.id}/resend-verification/`,
    })
    expect(resent.statusCode).toBe(200)
    expect(await lastAudit('admin.user_verification_resend', member.id)).toBeDefined()
  })
})

describe('organisations', () => {
  it('creates, lists with counts, reads and edits an organisation with its address', async () => {
    const created = await platform.request({
      method: 'POST',
      url: '/api/admin/organizations/',
      payload: {
        name: 'Desert Clinic',
        organization_type: 'FQHC',
        address: { street: '1 Main St', city: 'Mesa', state: 'AZ', zip: '85201' },
      },
    })
    expect(created.statusCode).toBe(201)
    const org = created.json()
    expect(org).toMatchObject({ name: 'Desert Clinic', is_active: true, member_count: 0, tin_count: 0 })
    expect(org.address.city).toBe('Mesa')
    expect(await lastAudit('admin.organization_create', org.id)).toBeDefined()
    const edited = await platform.request({
      method: 'PATCH',
      url: `/api/admin/organizations/${org.id}/`,
      payload: {
        is_active: false,
        address: { street: '2 Main St', city: 'Tempe', state: 'AZ', zip: '85281' },
      },
    })
    expect(edited.json()).toMatchObject({ is_active: false, address: { city: 'Tempe' } })
    expect(await lastAudit('admin.organization_update', org.id)).toBeDefined()
    const list = (
      await platform.request({ method: 'GET', url: '/api/admin/organizations/?search=desert' })
    ).json()
    expect(list.results.map((row: { id: string }) => row.id)).toEqual([org.id])
  })

  it('lets an organisation admin edit their own name and address, not the type', async () => {
    const own = `/api/admin/organizations/${acoOrgId}/`
    const current = (await orgAdmin.request({ method: 'GET', url: own })).json()
    expect(current.member_count).toBeGreaterThan(1)
    const renamed = await orgAdmin.request({ method: 'PATCH', url: own, payload: { name: current.name } })
    expect(renamed.statusCode).toBe(200)
    const retyped = await orgAdmin.request({
      method: 'PATCH',
      url: own,
      payload: { organization_type: 'FQHC' },
    })
    expect(retyped.statusCode).toBe(403)
  })
})
