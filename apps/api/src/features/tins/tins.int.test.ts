// The TIN registry: the ACO admin's own organisation only (any other id is 404), TINs encrypted at rest and
// shown masked, nine digits unique among active TINs, soft delete that removes scoped access on the next
// request, bulk attach in one transaction with every skip explained, and every change audited.
import { and, eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { tins } from '../../platform/db/schema/tins.ts'
import { users } from '../../platform/db/schema/users.ts'
import { demoUser } from '../demo-data/index.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { insertPatient, type FixturePatient } from '../../testing/patients-fixture.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

let t: TestApp
let acoAdmin: TestClient
let acoUser: TestClient
let acoOrgId: string
let physicianOrgId: string
let firstTinPatient: FixturePatient
let unassigned: FixturePatient

async function organizationOf(persona: 'ACO_ADMIN' | 'PHYSICIAN_ADMIN'): Promise<string> {
  const [row] = await t.app.ctx.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  if (!row?.organizationId) throw new Error(`${persona} has no organisation`)
  return row.organizationId
}

const tinsUrl = (orgId: string = acoOrgId) => `/api/organizations/${orgId}/tins/`

async function auditActions(targetId: string): Promise<string[]> {
  const rows = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId))
  return rows.map((row) => row.action)
}

beforeAll(async () => {
  t = await buildTestApp()
  acoAdmin = await loginAs(t.app, 'ACO_ADMIN')
  acoUser = await loginAs(t.app, 'ACO_USER')
  acoOrgId = await organizationOf('ACO_ADMIN')
  physicianOrgId = await organizationOf('PHYSICIAN_ADMIN')
  firstTinPatient = await insertPatient(t, { requester: 'ACO_USER', name: 'Scoped Person', tin: 'first' })
  unassigned = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Loose Person', tin: null })
})
afterAll(async () => {
  await t.close()
})

describe('TIN registry', () => {
  it('lists the seeded TINs masked, with a summary of TINs and patients', async () => {
    const list = await acoAdmin.request({ method: 'GET', url: tinsUrl() })
    expect(list.statusCode).toBe(200)
    const body = list.json()
    expect(body.count).toBeGreaterThanOrEqual(2)
    for (const tin of body.results) {
      expect(tin.identifier_value).toMatch(/^\d{9}$/)
      expect(tin.masked_value).toBe(`XX-XXX${tin.identifier_value.slice(-4)}`)
    }
    const summary = (await acoAdmin.request({ method: 'GET', url: `${tinsUrl()}summary/` })).json()
    expect(summary.total_tins).toBe(body.count)
    expect(summary.active_tins + summary.inactive_tins).toBe(summary.total_tins)
    expect(summary.unassigned_patients).toBeGreaterThanOrEqual(1)
    expect(summary.total_patients_assigned).toBeGreaterThanOrEqual(1)
  })

  it('creates a TIN from any common format, encrypted at rest, by its creator, and audited', async () => {
    const created = await acoAdmin.request({
      method: 'POST',
      url: tinsUrl(),
      payload: { identifier_value: '45-6789012', provider_org_name: 'Lakeview Cardiology' },
    })
    expect(created.statusCode).toBe(201)
    const tin = created.json()
    expect(tin).toMatchObject({
      identifier_value: '456789012',
      masked_value: 'XX-XXX9012',
      provider_org_name: 'Lakeview Cardiology',
      is_active: true,
      created_by_email: demoUser('ACO_ADMIN').email,
    })
    const [stored] = await t.app.ctx.db.select().from(tins).where(eq(tins.id, tin.id))
    expect(stored?.identifierEncrypted).not.toContain('456789012')
    expect(stored?.identifierHash).not.toContain('456789012')
    expect(await auditActions(tin.id)).toEqual(['tin.create'])

    // The same number again, in another format, is refused while the first is active.
    const duplicate = await acoAdmin.request({
      method: 'POST',
      url: tinsUrl(),
      payload: { identifier_value: '456 789 012', provider_org_name: 'Copy' },
    })
    expect(duplicate.statusCode).toBe(400)
    expect(duplicate.json().identifier_value).toEqual(['This TIN is already active in your organization'])
    const short = await acoAdmin.request({
      method: 'POST',
      url: tinsUrl(),
      payload: { identifier_value: '12-34567', provider_org_name: 'Short' },
    })
    expect(short.statusCode).toBe(400)
    expect(short.json().identifier_value).toEqual(['A TIN is 9 digits, for example 12-3456789'])
  })

  it('answers simultaneous creates of one TIN as if they came one after the other', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        acoAdmin.request({
          method: 'POST',
          url: tinsUrl(),
          payload: { identifier_value: '77-1234509', provider_org_name: `Racing ${index}` },
        }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400])
    for (const answer of answers.filter((a) => a.statusCode === 400))
      expect(answer.json()).toEqual({ identifier_value: ['This TIN is already active in your organization'] })
  })

  it('edits a TIN with the change audited before and after, and finds it by name, last digits or number', async () => {
    const created = (
      await acoAdmin.request({
        method: 'POST',
        url: tinsUrl(),
        payload: { identifier_value: '11-2223334', provider_org_name: 'Old Name Clinic' },
      })
    ).json()
    const edited = await acoAdmin.request({
      method: 'PATCH',
      url: `${tinsUrl()}${created.id}/`,
      payload: { provider_org_name: 'New Name Clinic' },
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json().provider_org_name).toBe('New Name Clinic')
    const [row] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.id), eq(auditLog.action, 'tin.update')))
    expect(row?.details).toMatchObject({
      provider_org_name_before: 'Old Name Clinic',
      provider_org_name_after: 'New Name Clinic',
    })
    for (const search of ['new name', '3334', '11-2223334', '112223334']) {
      const found = (await acoAdmin.request({ method: 'GET', url: `${tinsUrl()}?search=${search}` })).json()
      expect(
        found.results.map((tin: { id: string }) => tin.id),
        search,
      ).toContain(created.id)
    }
    const none = (await acoAdmin.request({ method: 'GET', url: `${tinsUrl()}?search=zzz-nothing` })).json()
    expect(none.count).toBe(0)
  })

  it('answers 404 for another organisation or an unknown TIN, and refuses non-admin roles', async () => {
    for (const url of [
      tinsUrl(physicianOrgId),
      `${tinsUrl(physicianOrgId)}summary/`,
      tinsUrl(randomUUID()),
      `${tinsUrl()}${randomUUID()}/`,
      `${tinsUrl()}not-an-id/patients/`,
      `/api/organizations/${physicianOrgId}/patients/unassigned/`,
    ]) {
      const method =
        url.endsWith('/tins/') || url.includes('summary') || url.includes('patients') ? 'GET' : 'PATCH'
      const response = await acoAdmin.request({ method, url, payload: method === 'PATCH' ? {} : undefined })
      expect(response.statusCode, url).toBe(404)
    }
    expect((await acoUser.request({ method: 'GET', url: tinsUrl() })).statusCode).toBe(403)
    const physicianAdmin = await loginAs(t.app, 'PHYSICIAN_ADMIN')
    expect((await physicianAdmin.request({ method: 'GET', url: tinsUrl(physicianOrgId) })).statusCode).toBe(
      403,
    )
  })

  it('deactivating a TIN removes its patients from its scoped users on their next request; reactivating restores them', async () => {
    const patientUrl = `/api/patients/${firstTinPatient.id}/`
    expect((await acoUser.request({ method: 'GET', url: patientUrl })).statusCode).toBe(200)
    const list = (await acoAdmin.request({ method: 'GET', url: tinsUrl() })).json()
    const firstTinId = await tinOf(firstTinPatient.id)
    expect(list.results.some((tin: { id: string }) => tin.id === firstTinId)).toBe(true)

    expect((await acoAdmin.request({ method: 'DELETE', url: `${tinsUrl()}${firstTinId}/` })).statusCode).toBe(
      204,
    )
    // Same access token, very next request: the TIN no longer scopes anything.
    expect((await acoUser.request({ method: 'GET', url: patientUrl })).statusCode).toBe(404)
    const inactive = (await acoAdmin.request({ method: 'GET', url: `${tinsUrl()}?is_active=false` })).json()
    expect(inactive.results.map((tin: { id: string }) => tin.id)).toContain(firstTinId)

    const reactivated = await acoAdmin.request({
      method: 'POST',
      url: `${tinsUrl()}${firstTinId}/reactivate/`,
    })
    expect(reactivated.statusCode).toBe(200)
    expect(reactivated.json().is_active).toBe(true)
    expect((await acoUser.request({ method: 'GET', url: patientUrl })).statusCode).toBe(200)
    expect(await auditActions(firstTinId)).toEqual(
      expect.arrayContaining(['tin.deactivate', 'tin.reactivate']),
    )
  })

  it('bulk-attaches by id and MRN in one call and says why each value it skipped was skipped', async () => {
    const tin = (
      await acoAdmin.request({
        method: 'POST',
        url: tinsUrl(),
        payload: { identifier_value: '55-5000111', provider_org_name: 'Bulk Clinic' },
      })
    ).json()
    const before = (
      await acoAdmin.request({
        method: 'GET',
        url: `/api/organizations/${acoOrgId}/patients/unassigned/summary/`,
      })
    ).json()
    const attach = await acoAdmin.request({
      method: 'POST',
      url: `${tinsUrl()}${tin.id}/bulk-attach-patients/`,
      payload: { patient_ids: [unassigned.id, randomUUID()], mrns: [unassigned.mrn, 'NO-SUCH-MRN'] },
    })
    expect(attach.statusCode).toBe(200)
    expect(attach.json()).toEqual({
      detail: 'Attached 1 of 4 patients to Bulk Clinic.',
      results: {
        total: 4,
        processed: 1,
        skipped: 3,
        errors: [
          { value: expect.any(String), reason: 'No patient with this id in your organization' },
          { value: unassigned.mrn, reason: 'Listed more than once' },
          { value: 'NO-SUCH-MRN', reason: 'No patient with this MRN in your organization' },
        ],
      },
    })
    const patientsOfTin = (
      await acoAdmin.request({ method: 'GET', url: `${tinsUrl()}${tin.id}/patients/` })
    ).json()
    expect(patientsOfTin.results).toEqual([
      expect.objectContaining({ id: unassigned.id, mrn: unassigned.mrn, tin_id: tin.id }),
    ])
    const after = (
      await acoAdmin.request({
        method: 'GET',
        url: `/api/organizations/${acoOrgId}/patients/unassigned/summary/`,
      })
    ).json()
    expect(after.total_unassigned).toBe(before.total_unassigned - 1)
    expect(await auditActions(tin.id)).toEqual(
      expect.arrayContaining(['tin.bulk_attach', 'tin.patients_list']),
    )

    // Again: now it is already there.
    const again = (
      await acoAdmin.request({
        method: 'POST',
        url: `${tinsUrl()}${tin.id}/bulk-attach-patients/`,
        payload: { patient_ids: [unassigned.id] },
      })
    ).json()
    expect(again.results).toMatchObject({ processed: 0, skipped: 1 })
    expect(again.results.errors[0].reason).toBe('Already assigned to this TIN')
    const empty = await acoAdmin.request({
      method: 'POST',
      url: `${tinsUrl()}${tin.id}/bulk-attach-patients/`,
      payload: {},
    })
    expect(empty.statusCode).toBe(400)
  })

  it('reassigns one patient to another active TIN or to none, never to an inactive one', async () => {
    const url = `/api/organizations/${acoOrgId}/patients/${unassigned.id}/tin/`
    const toNone = await acoAdmin.request({ method: 'PATCH', url, payload: { tin_id: null } })
    expect(toNone.statusCode).toBe(200)
    expect(toNone.json()).toMatchObject({ id: unassigned.id, tin_id: null })
    const parked = (
      await acoAdmin.request({
        method: 'POST',
        url: tinsUrl(),
        payload: { identifier_value: '66-6000222', provider_org_name: 'Closed Clinic' },
      })
    ).json()
    await acoAdmin.request({ method: 'DELETE', url: `${tinsUrl()}${parked.id}/` })
    const toInactive = await acoAdmin.request({ method: 'PATCH', url, payload: { tin_id: parked.id } })
    expect(toInactive.statusCode).toBe(400)
    const elsewhere = await acoAdmin.request({
      method: 'PATCH',
      url: `/api/organizations/${physicianOrgId}/patients/${unassigned.id}/tin/`,
      payload: { tin_id: null },
    })
    expect(elsewhere.statusCode).toBe(404)
    expect(await auditActions(unassigned.id)).toContain('patient.tin_change')
  })
})

async function tinOf(patientId: string): Promise<string> {
  const [row] = await t.app.ctx.db
    .select({ tinId: patients.tinId })
    .from(patients)
    .where(eq(patients.id, patientId))
  if (!row?.tinId) throw new Error('patient has no TIN')
  return row.tinId
}
