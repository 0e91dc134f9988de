// An organisation's members: read by its admins (and an ACO's users), an ACO's changed by its admin only;
// TIN changes take effect on the member's next request, deactivation ends their sessions at once, and other
// organisations answer 404.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../platform/db/schema/users.ts'
import { demoUser } from '../demo-data/index.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { acoTins, insertPatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let acoAdmin: TestClient
let acoOrgId: string
let acoUserId: string
let firstTin: string
let secondTin: string

async function userRow(persona: 'ACO_ADMIN' | 'ACO_USER' | 'PHYSICIAN_ADMIN') {
  const [row] = await t.app.ctx.db
    .select()
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  if (!row) throw new Error(`no ${persona}`)
  return row
}

beforeAll(async () => {
  t = await buildTestApp()
  acoAdmin = await loginAs(t.app, 'ACO_ADMIN')
  const admin = await userRow('ACO_ADMIN')
  acoOrgId = admin.organizationId ?? ''
  acoUserId = (await userRow('ACO_USER')).id
  ;[firstTin = '', secondTin = ''] = await acoTins(t, acoOrgId)
})
afterAll(async () => {
  await t.close()
})

const membersUrl = (orgId: string = acoOrgId) => `/api/organizations/${orgId}/members/`

describe('ACO members', () => {
  it('lists members with role, TIN scope, status and last sign-in', async () => {
    const list = (await acoAdmin.request({ method: 'GET', url: membersUrl() })).json()
    const user = list.results.find((member: { id: string }) => member.id === acoUserId)
    expect(user).toMatchObject({ role: 'ACO_USER', all_tins: false, is_active: true })
    expect(user.tins.map((tin: { id: string }) => tin.id)).toEqual([firstTin])
    expect(user.tins[0].masked_tin).toMatch(/^XX-XXX\d{4}$/)
    const admin = list.results.find(
      (member: { email: string }) => member.email === demoUser('ACO_ADMIN').email,
    )
    expect(admin).toMatchObject({ all_tins: true, tins: [], last_login_at: expect.any(String) })
    const acoUser = await loginAs(t.app, 'ACO_USER')
    expect((await acoUser.request({ method: 'GET', url: membersUrl() })).statusCode).toBe(200)
  })

  it('moves a member to another TIN, effective on their next request', async () => {
    const member = await loginAs(t.app, 'ACO_USER')
    const second = await insertPatient(t, {
      requester: 'ACO_ADMIN',
      name: 'Second Tin Member Check',
      tin: 'second',
    })
    expect((await member.request({ method: 'GET', url: `/api/patients/${second.id}/` })).statusCode).toBe(404)
    const changed = await acoAdmin.request({
      method: 'PATCH',
      url: `${membersUrl()}${acoUserId}/`,
      payload: { tin_ids: [firstTin, secondTin] },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().tins).toHaveLength(2)
    expect((await member.request({ method: 'GET', url: `/api/patients/${second.id}/` })).statusCode).toBe(200)
    const none = await acoAdmin.request({
      method: 'PATCH',
      url: `${membersUrl()}${acoUserId}/`,
      payload: { tin_ids: [] },
    })
    expect(none.json().tin_ids).toEqual(['Select at least one Tin'])
    await acoAdmin.request({
      method: 'PATCH',
      url: `${membersUrl()}${acoUserId}/`,
      payload: { tin_ids: [firstTin] },
    })
  })

  it('deactivating a member ends their sessions at once; reactivating lets them sign in again', async () => {
    const member = await loginAs(t.app, 'ACO_USER')
    expect((await member.request({ method: 'GET', url: '/api/jwt/verify/' })).statusCode).toBe(200)
    const off = await acoAdmin.request({
      method: 'PATCH',
      url: `${membersUrl()}${acoUserId}/`,
      payload: { is_active: false },
    })
    expect(off.json().is_active).toBe(false)
    expect((await member.request({ method: 'GET', url: '/api/jwt/verify/' })).statusCode).toBe(401)
    await expect(loginAs(t.app, 'ACO_USER')).rejects.toThrow(/403/)
    await acoAdmin.request({
      method: 'PATCH',
      url: `${membersUrl()}${acoUserId}/`,
      payload: { is_active: true },
    })
    expect(
      (await (await loginAs(t.app, 'ACO_USER')).request({ method: 'GET', url: '/api/jwt/verify/' }))
        .statusCode,
    ).toBe(200)
    const admin = await userRow('ACO_ADMIN')
    const self = await acoAdmin.request({
      method: 'PATCH',
      url: `${membersUrl()}${admin.id}/`,
      payload: { is_active: false },
    })
    expect(self.json().is_active).toEqual(['You cannot deactivate your own account'])
  })

  it('keeps other organisations and non-admins out', async () => {
    const physician = await userRow('PHYSICIAN_ADMIN')
    expect(
      (await acoAdmin.request({ method: 'GET', url: membersUrl(physician.organizationId ?? '') })).statusCode,
    ).toBe(404)
    expect(
      (
        await acoAdmin.request({
          method: 'PATCH',
          url: `${membersUrl()}${physician.id}/`,
          payload: { is_active: false },
        })
      ).statusCode,
    ).toBe(404)
    const acoUser = await loginAs(t.app, 'ACO_USER')
    expect(
      (
        await acoUser.request({
          method: 'PATCH',
          url: `${membersUrl()}${acoUserId}/`,
          payload: { is_active: false },
        })
      ).statusCode,
    ).toBe(403)
    // Another organisation's admin reads their own team, never the ACO's; their staff read no list.
    const physicianAdmin = await loginAs(t.app, 'PHYSICIAN_ADMIN')
    expect((await physicianAdmin.request({ method: 'GET', url: membersUrl() })).statusCode).toBe(404)
    const own = await physicianAdmin.request({
      method: 'GET',
      url: membersUrl(physician.organizationId ?? ''),
    })
    expect(own.statusCode).toBe(200)
    expect(own.json().results.map((member: { email: string }) => member.email)).toContain(
      demoUser('PHYSICIAN_USER').email,
    )
    const physicianUser = await loginAs(t.app, 'PHYSICIAN_USER')
    expect(
      (await physicianUser.request({ method: 'GET', url: membersUrl(physician.organizationId ?? '') }))
        .statusCode,
    ).toBe(403)
  })
})
