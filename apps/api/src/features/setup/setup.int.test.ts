// The setup wizard: progress saved per organisation (encrypted) and resumed from another sign-in; completion
// checks the same rules as the browser and writes the profile, the TINs and the invitations in one
// transaction; an unfinished organisation sends no new authorization requests.
import { eq } from 'drizzle-orm'
import { INITIAL_SETUP_STATE, type SetupState } from '@blueconsent/contract/setup'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invitations } from '../../platform/db/schema/invitations.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { setupProgress } from '../../platform/db/schema/setup.ts'
import { tins } from '../../platform/db/schema/tins.ts'
import { users } from '../../platform/db/schema/users.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { demoUser } from '../demo-data/index.ts'

let t: TestApp
let admin: TestClient
let orgId: string

const acoState: SetupState = {
  ...INITIAL_SETUP_STATE,
  currentStep: 'invites',
  accountType: 'TEAM',
  businessType: 'ACO',
  acoProfile: {
    legal_name: 'Saguaro Health ACO',
    primary_address: { street: '200 Palm Ln', city: 'Tucson', state: 'AZ', zip: '85701' },
    main_phone: '(520) 555-0110',
    support_email: 'help@saguaro.example',
  },
  contractedTINs: [{ tin: '87-1122334', name: 'Saguaro Clinic North' }],
  pendingInvites: [{ email: 'new.coordinator@saguaro.example', role: 'ACO_USER' }],
}

const request = (client: TestClient) =>
  client.request({
    method: 'POST',
    url: '/api/healthplans/requests/',
    payload: {
      health_plan: 'medicare',
      patient_mrn: `SETUP-${Date.now()}`,
      contact_method: 'email',
      contact_value: 'setup.patient@example.org',
      metadata: { patient_name: 'Ray Setup' },
    },
  })

beforeAll(async () => {
  t = await buildTestApp()
  admin = await loginAs(t.app, 'ACO_ADMIN')
  const [row] = await t.app.ctx.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.email, demoUser('ACO_ADMIN').email))
  orgId = row?.organizationId ?? ''
  // As if this ACO had just signed up.
  await t.app.ctx.db.update(organizations).set({ setupCompletedAt: null }).where(eq(organizations.id, orgId))
})
afterAll(async () => {
  await t.close()
})

describe('setup wizard', () => {
  it('refuses new requests until setup is complete, saying why', async () => {
    const refused = await request(admin)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail).toBe(
      'Complete your profile setup to start sending patient authorization requests.',
    )
  })

  it('tells a first visit what sign-up already recorded about the organisation', async () => {
    const [organization] = await t.app.ctx.db.select().from(organizations).where(eq(organizations.id, orgId))
    const first = (await admin.request({ method: 'GET', url: '/api/setup/progress/' })).json()
    expect(first).toMatchObject({
      state: null,
      completed: false,
      organization: { name: organization?.name, organization_type: 'ACO', npi: null },
    })
  })

  it('saves progress per organisation, encrypted, and resumes it from another sign-in', async () => {
    const half = { ...acoState, currentStep: 'identity' as const, pendingInvites: [] }
    const saved = await admin.request({
      method: 'PUT',
      url: '/api/setup/progress/',
      payload: { state: half },
    })
    expect(saved.statusCode).toBe(200)
    const [row] = await t.app.ctx.db
      .select()
      .from(setupProgress)
      .where(eq(setupProgress.organizationId, orgId))
    expect(row?.stateEncrypted).not.toContain('Saguaro')
    const elsewhere = await loginAs(t.app, 'ACO_ADMIN')
    const resumed = (await elsewhere.request({ method: 'GET', url: '/api/setup/progress/' })).json()
    expect(resumed).toMatchObject({
      completed: false,
      state: { currentStep: 'identity', businessType: 'ACO' },
    })
  })

  it('is for administrators only', async () => {
    const user = await loginAs(t.app, 'ACO_USER')
    expect((await user.request({ method: 'GET', url: '/api/setup/progress/' })).statusCode).toBe(403)
  })

  it('refuses to complete with the browser’s own rules broken', async () => {
    const broken = { ...acoState, contractedTINs: [{ tin: '123', name: 'x' }] }
    const response = await admin.request({
      method: 'POST',
      url: '/api/setup/complete/',
      payload: { state: broken },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()['contractedTINs.0']).toEqual(['A TIN is 9 digits, for example 12-3456789'])
  })

  it('completes in one transaction: profile, TINs and invitations; then requests are accepted', async () => {
    const response = await admin.request({
      method: 'POST',
      url: '/api/setup/complete/',
      payload: { state: acoState },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().home).toBe('/app/aco-dashboard')
    const [organization] = await t.app.ctx.db.select().from(organizations).where(eq(organizations.id, orgId))
    expect(organization?.name).toBe('Saguaro Health ACO')
    expect(organization?.setupCompletedAt).not.toBeNull()
    expect(organization?.profileEncrypted).not.toContain('help@saguaro')
    const registry = await t.app.ctx.db.select().from(tins).where(eq(tins.organizationId, orgId))
    expect(registry.map((tin) => tin.providerOrgName)).toContain('Saguaro Clinic North')
    const sent = await t.app.ctx.db.select().from(invitations).where(eq(invitations.organizationId, orgId))
    expect(sent.some((invitation) => invitation.role === 'ACO_USER')).toBe(true)
    expect((await admin.request({ method: 'GET', url: '/api/setup/progress/' })).json()).toMatchObject({
      completed: true,
      state: null,
    })
    expect((await request(admin)).statusCode).toBe(201)
  })

  it('rolls everything back when one part fails (an invitation to a taken address)', async () => {
    await t.app.ctx.db
      .update(organizations)
      .set({ setupCompletedAt: null })
      .where(eq(organizations.id, orgId))
    const before = (await t.app.ctx.db.select().from(tins).where(eq(tins.organizationId, orgId))).length
    const taken = {
      ...acoState,
      contractedTINs: [{ tin: '11-2233445', name: 'Never Written' }],
      pendingInvites: [{ email: demoUser('ACO_USER').email, role: 'ACO_USER' }],
    }
    const response = await admin.request({
      method: 'POST',
      url: '/api/setup/complete/',
      payload: { state: taken },
    })
    expect(response.statusCode).toBe(400)
    const after = await t.app.ctx.db.select().from(tins).where(eq(tins.organizationId, orgId))
    expect(after).toHaveLength(before)
  })

  it('looks an NPI up in the registry after its check digit', async () => {
    const found = await admin.request({ method: 'GET', url: '/api/setup/npi/1245319599/' })
    expect(found.json()).toMatchObject({
      npi: '1245319599',
      found: true,
      name: expect.stringContaining('MD'),
    })
    const wrong = await admin.request({ method: 'GET', url: '/api/setup/npi/1245319598/' })
    expect(wrong.statusCode).toBe(400)
  })
})
