// Staff calls on authorization requests end to end on the real app: rules, scoping, transitions, events and audit.
import {
  AUTHORIZATION_MESSAGES,
  authorizationRequestSchema,
  mrnLookupResponseSchema,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { type OutboxMessage } from '@blueconsent/contract/dev-outbox'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoUser, type DemoPersona } from '../demo-data/index.ts'
import { contactHash, mrnHash } from '../patients/index.ts'
import { auditLog } from '../../platform/db/schema/audit.ts'
import {
  authorizationRequestEvents,
  authorizationRequests,
} from '../../platform/db/schema/authorization-requests.ts'
import { bluebuttonGrants, ingestionRuns } from '../../platform/db/schema/bluebutton.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { tins } from '../../platform/db/schema/tins.ts'
import { encrypt } from '../../platform/lib/crypto.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { transitionRequest } from './transitions.ts'

const BASE = '/api/healthplans/requests/'
const DAY = 24 * 60 * 60 * 1000
let t: TestApp
const clients = new Map<DemoPersona, TestClient>()
let mrnCounter = 0

async function as(persona: DemoPersona): Promise<TestClient> {
  let client = clients.get(persona)
  if (!client) {
    client = await loginAs(t.app, persona)
    clients.set(persona, client)
  }
  return client
}

const nextMrn = (): string => `MRN-${Date.now()}-${(mrnCounter += 1)}`

type CreateOptions = {
  mrn?: string | null
  email?: string
  phone?: string
  name?: string
  authorization_type?: string
}

async function createRaw(persona: DemoPersona, options: CreateOptions = {}) {
  const client = await as(persona)
  const byPhone = options.phone !== undefined
  return client.request({
    method: 'POST',
    url: BASE,
    payload: {
      health_plan: 'medicare',
      ...(options.mrn === null ? {} : { patient_mrn: options.mrn ?? nextMrn() }),
      contact_method: byPhone ? 'phone' : 'email',
      contact_value: byPhone ? options.phone : (options.email ?? `patient${(mrnCounter += 1)}@example.org`),
      ...(options.authorization_type ? { authorization_type: options.authorization_type } : {}),
      metadata: { patient_name: options.name ?? 'Maria Lopez' },
    },
  })
}

async function create(persona: DemoPersona, options: CreateOptions = {}): Promise<AuthorizationRequest> {
  const response = await createRaw(persona, options)
  expect(response.statusCode, response.body).toBe(201)
  return authorizationRequestSchema.parse(response.json())
}

async function outbox(): Promise<OutboxMessage[]> {
  return (await t.app.inject({ method: 'GET', url: '/api/dev/outbox/' })).json<{ results: OutboxMessage[] }>()
    .results
}

const events = (requestId: string) =>
  t.app.ctx.db
    .select()
    .from(authorizationRequestEvents)
    .where(eq(authorizationRequestEvents.requestId, requestId))
    .orderBy(authorizationRequestEvents.id)

/** Stands in for the consent callback: a grant and the authorized transition (which queues the first pull). */
async function authorize(requestId: string, expiresAt: Date): Promise<string> {
  const { keys } = t.app.ctx
  const [grant] = await t.app.ctx.db
    .insert(bluebuttonGrants)
    .values({
      clientId: 'blueconsent-provider',
      beneficiaryHash: `b-${requestId}`,
      beneficiaryEncrypted: encrypt(keys, 'bene'),
      accessTokenEncrypted: encrypt(keys, 'access'),
      refreshTokenEncrypted: encrypt(keys, 'refresh'),
    })
    .returning()
  if (!grant) throw new Error('no grant')
  await transitionRequest(t.app.ctx, t.app.ctx.db, {
    requestId,
    to: 'authorized',
    event: 'patient_authorized',
    actor: { kind: 'patient' },
    patch: { grantId: grant.id, expiresAt, authorizedAt: t.clock.now, consentAnsweredAt: t.clock.now },
  })
  return grant.id
}

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('health plans', () => {
  it('lists Medicare Blue Button', async () => {
    const response = await (await as('ACO_USER')).request({ url: '/api/healthplans/health-plans/' })
    expect(response.json()).toEqual([{ id: 'medicare', slug: 'medicare', name: 'Medicare Blue Button' }])
  })
})

describe('create', () => {
  it('creates an email request: pending, 7-day link, branded email, patient on the user’s TIN, event and audit', async () => {
    const email = 'maria.create@example.org'
    const request = await create('ACO_USER', { email, name: 'Maria Create' })
    expect(request).toMatchObject({
      status: 'pending',
      health_plan: { slug: 'medicare', name: 'Medicare Blue Button' },
      patient_email: email,
      patient_phone: null,
      patient_name: 'Maria Create',
      metadata: { patient_name: 'Maria Create' },
      authorization_type: 'healthcare_provider',
      contact_method: 'email',
      requester: { name: 'Jordan Lee', role: 'ACO_USER' },
      renewal_of: null,
      ingestion: { status: 'not_started', pages_fetched: 0 },
      resends_today: 0,
    })
    expect(Date.parse(request.expires_at ?? '') - t.clock.now.getTime()).toBe(7 * DAY)
    const mail = (await outbox()).find((m) => m.to === email)
    expect(mail?.subject).toBe(
      'Jordan Lee at Riverbend Accountable Care (demo) asks to see your Medicare data',
    )
    expect(mail?.body_text).toContain('medications, claims and a health risk score')
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:8000\/consent\/[\w-]{43}$/)
    const [patient] = await t.app.ctx.db
      .select()
      .from(patients)
      .where(eq(patients.id, request.patient_id ?? ''))
    const [firstTin] = await t.app.ctx.db.select().from(tins).orderBy(tins.createdAt, tins.id).limit(1)
    expect(patient?.tinId).toBe(firstTin?.id)
    expect(patient?.mrnEncrypted).not.toContain(request.patient_mrn ?? '')
    expect((await events(request.request_id)).map((e) => e.event)).toEqual(['created', 'message_queued'])
    const audits = await t.app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, request.request_id))
    expect(audits.map((a) => a.action)).toContain('authorization_request.created')
    expect(JSON.stringify(audits)).not.toContain(email)
  })

  it('requires the MRN for ACO and physician roles', async () => {
    for (const persona of ['ACO_USER', 'PHYSICIAN_USER', 'CLINICIAN'] as const) {
      const response = await createRaw(persona, { mrn: null })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ patient_mrn: ['This field is required'] })
    }
  })

  it('gives agents insurance_agent requests without an MRN and never a provider one', async () => {
    const request = await create('AGENT_USER', { mrn: null })
    expect(request.authorization_type).toBe('insurance_agent')
    expect(request.patient_mrn).toBeNull()
    const refused = await createRaw('AGENT_USER', { mrn: null, authorization_type: 'healthcare_provider' })
    expect(refused.statusCode).toBe(400)
    expect(Object.keys(refused.json())).toEqual(['authorization_type'])
  })

  it('refuses a second active request for the same patient with the contract’s already-active message', async () => {
    const mrn = nextMrn()
    const first = await create('PHYSICIAN_USER', { mrn })
    const again = await createRaw('PHYSICIAN_ADMIN', { mrn })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ detail: AUTHORIZATION_MESSAGES.alreadyActive, code: 'conflict' })
    // Once the pending link has run out, a new request is fine.
    await t.app.ctx.db
      .update(authorizationRequests)
      .set({ expiresAt: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(authorizationRequests.id, first.request_id))
    expect((await createRaw('PHYSICIAN_USER', { mrn })).statusCode).toBe(201)
  })

  it('answers simultaneous requests for one new patient as if they came one after the other', async () => {
    const mrn = nextMrn()
    const email = `racing${Date.now()}@example.org`
    const cases = [
      { persona: 'PHYSICIAN_USER', options: { mrn }, lookup: eq(patients.mrnHash, mrnHash(t.app.ctx, mrn)) },
      {
        persona: 'AGENT_USER',
        options: { mrn: null, email },
        lookup: eq(patients.emailHash, contactHash(t.app.ctx, email)),
      },
    ] as const
    for (const { persona, options, lookup } of cases) {
      await as(persona)
      const answers = await Promise.all(Array.from({ length: 8 }, () => createRaw(persona, options)))
      const statuses = answers.map((answer) => answer.statusCode).sort()
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([201, ...Array(7).fill(409)])
      for (const answer of answers.filter((a) => a.statusCode === 409))
        expect(answer.json()).toEqual({ detail: AUTHORIZATION_MESSAGES.alreadyActive, code: 'conflict' })
      // One patient: the contact-only requests, which no unique index guards, found the first one's too.
      expect(await t.app.ctx.db.select({ id: patients.id }).from(patients).where(lookup)).toHaveLength(1)
    }
  })

  it('finds the patient again by MRN instead of creating a second one', async () => {
    const mrn = nextMrn()
    const first = await create('ACO_ADMIN', { mrn })
    await (await as('ACO_ADMIN')).request({ method: 'POST', url: `${BASE}${first.request_id}/revoke/` })
    const second = await create('ACO_ADMIN', { mrn, email: 'other.contact@example.org' })
    expect(second.patient_id).toBe(first.patient_id)
    expect(second.patient_mrn).toBe(mrn)
  })

  it('answers bad fields with field errors', async () => {
    const client = await as('ACO_ADMIN')
    const badEmail = await client.request({
      method: 'POST',
      url: BASE,
      payload: {
        health_plan: 'medicare',
        patient_mrn: nextMrn(),
        contact_method: 'email',
        contact_value: 'nope',
        metadata: { patient_name: 'A B' },
      },
    })
    expect(badEmail.statusCode).toBe(400)
    expect(Object.keys(badEmail.json())).toEqual(['contact_value'])
    const badPlan = await client.request({
      method: 'POST',
      url: BASE,
      payload: {
        health_plan: 'aetna',
        patient_mrn: nextMrn(),
        contact_method: 'email',
        contact_value: 'a@example.org',
        metadata: { patient_name: 'A B' },
      },
    })
    expect(badPlan.statusCode).toBe(400)
    expect(badPlan.json()).toEqual({ health_plan: ['Unknown health plan.'] })
  })

  it('refuses a TIN-scoped user a patient cared for under another TIN', async () => {
    const mrn = nextMrn()
    const first = await create('ACO_ADMIN', { mrn })
    await (await as('ACO_ADMIN')).request({ method: 'POST', url: `${BASE}${first.request_id}/revoke/` })
    const [, secondTin] = await t.app.ctx.db.select().from(tins).orderBy(tins.createdAt, tins.id)
    await t.app.ctx.db
      .update(patients)
      .set({ tinId: secondTin?.id ?? null })
      .where(eq(patients.id, first.patient_id ?? ''))
    const response = await createRaw('ACO_USER', { mrn })
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('conflict')
    const lookup = (await (await as('ACO_USER')).request({ url: `${BASE}lookup/?mrn=${mrn}` })).json()
    expect(lookup.patient_id).toBeNull()
  })

  it('texts phone requests: consent_pending and an opt-in SMS without a link', async () => {
    const request = await create('CLINICIAN', { phone: '(555) 201-0001' })
    expect(request).toMatchObject({
      status: 'consent_pending',
      patient_phone: '(555) 201-0001',
      contact_method: 'phone',
    })
    const sms = (await outbox()).find((m) => m.to === '+15552010001')
    expect(sms?.channel).toBe('sms')
    expect(sms?.body_text).toContain('Reply YES')
    expect(sms?.body_text).toContain('Taylor Garcia at Valley Community Health Center (demo)')
    expect(sms?.links).toEqual([])
  })
})

describe('MRN lookup', () => {
  it('marks a patient with an active request as already authorized', async () => {
    const mrn = nextMrn()
    const request = await create('ACO_ADMIN', { mrn })
    const client = await as('ACO_ADMIN')
    const hit = mrnLookupResponseSchema.parse(
      (await client.request({ url: `${BASE}lookup/?mrn=${mrn}&_t=1` })).json(),
    )
    expect(hit).toEqual({
      already_authorized: true,
      patient_id: request.patient_id,
      request_id: request.request_id,
      status: 'pending',
    })
    const lookups = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.mrn_lookup'), eq(auditLog.patientId, request.patient_id ?? '')))
    expect(lookups).toHaveLength(1)
    expect(JSON.stringify(lookups)).not.toContain(mrn)
    const miss = (await client.request({ url: `${BASE}lookup/?mrn=NOPE-${mrn}` })).json()
    expect(miss).toEqual({ already_authorized: false, patient_id: null, request_id: null, status: null })
    // Another organisation never learns about it.
    const other = (await (await as('PHYSICIAN_ADMIN')).request({ url: `${BASE}lookup/?mrn=${mrn}` })).json()
    expect(other.already_authorized).toBe(false)
  })
})

describe('scoping', () => {
  it('hides another organisation’s request (404) and rejects malformed ids (400)', async () => {
    const request = await create('ACO_ADMIN')
    const other = await as('PHYSICIAN_ADMIN')
    for (const path of ['', 'status/']) {
      const response = await other.request({ url: `${BASE}${request.request_id}/${path}` })
      expect(response.statusCode).toBe(404)
    }
    expect(
      (await other.request({ method: 'POST', url: `${BASE}${request.request_id}/revoke/` })).statusCode,
    ).toBe(404)
    const bad = await other.request({ url: `${BASE}not-a-uuid/` })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ detail: 'Invalid request ID format', code: 'validation_error' })
  })

  it('shows an agent only their own requests, even to the agency admin', async () => {
    const mine = await create('AGENT_USER', { mrn: null })
    const admin = await as('AGENT_ADMIN')
    expect((await admin.request({ url: `${BASE}${mine.request_id}/` })).statusCode).toBe(404)
    const list = (await admin.request({ url: `${BASE}?scope=organization` })).json<{
      results: AuthorizationRequest[]
    }>()
    expect(list.results.some((r) => r.request_id === mine.request_id)).toBe(false)
    expect((await admin.request({ url: `${BASE}${mine.request_id}/data/` })).statusCode).toBe(404)
  })

  it('limits TIN-scoped users to their TINs; all-TIN admins see the organisation', async () => {
    const adminsOwn = await create('ACO_ADMIN')
    const usersOwn = await create('ACO_USER')
    const user = await as('ACO_USER')
    const admin = await as('ACO_ADMIN')
    // The admin's new patient has no TIN and the user did not ask for it.
    expect((await user.request({ url: `${BASE}${adminsOwn.request_id}/` })).statusCode).toBe(404)
    expect((await admin.request({ url: `${BASE}${usersOwn.request_id}/` })).statusCode).toBe(200)
    const orgList = (await admin.request({ url: `${BASE}?scope=organization&page_size=100` })).json<{
      results: AuthorizationRequest[]
    }>()
    expect(orgList.results.map((r) => r.request_id)).toEqual(
      expect.arrayContaining([adminsOwn.request_id, usersOwn.request_id]),
    )
    expect((await user.request({ url: `${BASE}?scope=organization` })).statusCode).toBe(403)
  })

  it('lists the caller’s own requests newest first, paginated, with filters', async () => {
    const client = await as('PHYSICIAN_USER')
    t.clock.advance(1000)
    const a = await create('PHYSICIAN_USER')
    t.clock.advance(1000)
    const b = await create('PHYSICIAN_USER')
    const page = (await client.request({ url: `${BASE}?page_size=1&_t=123` })).json()
    expect(page.results[0].request_id).toBe(b.request_id)
    expect(page.next).toContain('page=2')
    expect(page.previous).toBeNull()
    const second = (await client.request({ url: `${BASE}?page=2&page_size=1` })).json()
    expect(second.results[0].request_id).toBe(a.request_id)
    const authorized = (await client.request({ url: `${BASE}?status=authorized` })).json()
    expect(authorized.results).toEqual([])
    const foreign = (await (await as('PHYSICIAN_ADMIN')).request({ url: `${BASE}` })).json<{
      results: AuthorizationRequest[]
    }>()
    expect(foreign.results.some((r) => r.request_id === a.request_id)).toBe(false)
  })
})

describe('revoke', () => {
  it('cancels a pending request: its link dies, the event is recorded, a second revoke is refused', async () => {
    const request = await create('ACO_USER')
    const client = await as('ACO_USER')
    const response = await client.request({ method: 'POST', url: `${BASE}${request.request_id}/revoke/` })
    expect(response.statusCode).toBe(200)
    expect(response.json().status).toBe('revoked')
    // An ended request says when it ended; a live one does not.
    expect(response.json().ended_at).toBe(t.clock.now.toISOString())
    expect(request.ended_at).toBeNull()
    const [row] = await t.app.ctx.db
      .select()
      .from(authorizationRequests)
      .where(eq(authorizationRequests.id, request.request_id))
    expect(row?.consentTokenHash).toBeNull()
    const cancel = (await events(request.request_id)).find((e) => e.event === 'cancelled')
    expect(cancel).toMatchObject({ fromStatus: 'pending', toStatus: 'revoked', actorKind: 'user' })
    const again = await client.request({ method: 'POST', url: `${BASE}${request.request_id}/revoke/` })
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe(AUTHORIZATION_MESSAGES.revokeNotActive)
  })

  it('revokes an authorized request: tokens destroyed and the data no longer served', async () => {
    const request = await create('ACO_USER')
    const grantId = await authorize(request.request_id, new Date(t.clock.now.getTime() + 300 * DAY))
    const client = await as('ACO_USER')
    const response = await client.request({ method: 'POST', url: `${BASE}${request.request_id}/revoke/` })
    expect(response.json().status).toBe('revoked')
    const [grant] = await t.app.ctx.db.select().from(bluebuttonGrants).where(eq(bluebuttonGrants.id, grantId))
    expect(grant).toMatchObject({ accessTokenEncrypted: null, refreshTokenEncrypted: null })
    expect(grant?.revokedAt).toBeInstanceOf(Date)
    const data = await client.request({ url: `${BASE}${request.request_id}/data/` })
    expect(data.statusCode).toBe(409)
    expect((await events(request.request_id)).find((e) => e.event === 'revoked')).toMatchObject({
      fromStatus: 'authorized',
      toStatus: 'revoked',
    })
  })

  it('lets only the requester or an organisation admin act', async () => {
    const request = await create('ACO_USER')
    // A second ACO user would need to exist; the admin (all TINs) may act on it.
    const admin = await as('ACO_ADMIN')
    expect(
      (await admin.request({ method: 'POST', url: `${BASE}${request.request_id}/revoke/` })).statusCode,
    ).toBe(200)
  })
})

describe('resend', () => {
  it('resends a pending request up to 3 times a UTC day with a fresh link each time', async () => {
    const email = `resend-${Date.now()}@example.org`
    const request = await create('PHYSICIAN_ADMIN', { email })
    const client = await as('PHYSICIAN_ADMIN')
    for (let i = 1; i <= 3; i += 1) {
      const response = await client.request({ method: 'POST', url: `${BASE}${request.request_id}/resend/` })
      expect(response.statusCode).toBe(200)
      expect(response.json().resends_today).toBe(i)
    }
    const fourth = await client.request({ method: 'POST', url: `${BASE}${request.request_id}/resend/` })
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().detail).toBe(AUTHORIZATION_MESSAGES.resendLimit)
    const links = (await outbox()).filter((m) => m.to === email).map((m) => m.links[0])
    expect(new Set(links).size).toBe(4)
    expect(
      (await outbox()).filter((m) => m.to === email && m.body_text.includes('it replaces any earlier link')),
    ).toHaveLength(3)
    // Yesterday's resends do not count tomorrow.
    const now = t.clock.now
    t.clock.now = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 5))
    clients.clear()
    const tomorrow = await (
      await as('PHYSICIAN_ADMIN')
    ).request({ method: 'POST', url: `${BASE}${request.request_id}/resend/` })
    expect(tomorrow.statusCode).toBe(200)
    expect(tomorrow.json().resends_today).toBe(1)
  })

  it('refuses requests that are not pending', async () => {
    const request = await create('PHYSICIAN_ADMIN')
    const client = await as('PHYSICIAN_ADMIN')
    await client.request({ method: 'POST', url: `${BASE}${request.request_id}/revoke/` })
    const response = await client.request({ method: 'POST', url: `${BASE}${request.request_id}/resend/` })
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toBe(AUTHORIZATION_MESSAGES.resendNotPending)
  })
})

describe('status, renew, identity review, hide', () => {
  it('reports status with ingestion progress', async () => {
    const request = await create('ACO_ADMIN')
    const response = await (await as('ACO_ADMIN')).request({ url: `${BASE}${request.request_id}/status/` })
    expect(response.json()).toEqual({
      status: 'pending',
      message: null,
      ingestion: {
        status: 'not_started',
        pages_fetched: 0,
        pages_total: null,
        last_synced_at: null,
        error: null,
      },
    })
  })

  it('renews an authorization under 30 days from expiry as a new linked request', async () => {
    const request = await create('ACO_ADMIN')
    await authorize(request.request_id, new Date(t.clock.now.getTime() + 60 * DAY))
    const client = await as('ACO_ADMIN')
    const early = await client.request({ method: 'POST', url: `${BASE}${request.request_id}/renew/` })
    expect(early.statusCode).toBe(409)
    await t.app.ctx.db
      .update(authorizationRequests)
      .set({ expiresAt: new Date(t.clock.now.getTime() + 20 * DAY) })
      .where(eq(authorizationRequests.id, request.request_id))
    const renewed = await client.request({ method: 'POST', url: `${BASE}${request.request_id}/renew/` })
    expect(renewed.statusCode).toBe(201)
    const body = authorizationRequestSchema.parse(renewed.json())
    expect(body).toMatchObject({
      renewal_of: request.request_id,
      status: 'pending',
      patient_id: request.patient_id,
    })
    expect((await events(body.request_id))[0]?.event).toBe('renewal_created')
    // Only one renewal at a time.
    expect(
      (await client.request({ method: 'POST', url: `${BASE}${request.request_id}/renew/` })).statusCode,
    ).toBe(409)
  })

  it('does not offer renewal to agents', async () => {
    const request = await create('AGENT_USER', { mrn: null })
    expect(
      (await (await as('AGENT_USER')).request({ method: 'POST', url: `${BASE}${request.request_id}/renew/` }))
        .statusCode,
    ).toBe(403)
  })

  it('lets an admin confirm or reject a held identity', async () => {
    const confirmMe = await create('ACO_USER')
    const rejectMe = await create('ACO_USER')
    for (const request of [confirmMe, rejectMe]) {
      await authorize(request.request_id, new Date(t.clock.now.getTime() + 300 * DAY))
      await t.app.ctx.db
        .update(authorizationRequests)
        .set({ identityReview: 'pending' })
        .where(eq(authorizationRequests.id, request.request_id))
    }
    const user = await as('ACO_USER')
    const refused = await user.request({
      method: 'POST',
      url: `${BASE}${confirmMe.request_id}/identity-review/`,
      payload: { decision: 'confirm', reason: 'Same person, married name.' },
    })
    expect(refused.statusCode).toBe(403)
    // The authorized event queued the first pull; it ends held for review, as a mismatched name does.
    await t.app.ctx.db
      .update(ingestionRuns)
      .set({ status: 'held_for_review', pagesFetched: 3, pagesTotal: 3 })
      .where(eq(ingestionRuns.requestId, confirmMe.request_id))
    expect(
      (await user.request({ url: `${BASE}${confirmMe.request_id}/status/` })).json().ingestion.status,
    ).toBe('held_for_review')
    const admin = await as('ACO_ADMIN')
    const withoutReason = await admin.request({
      method: 'POST',
      url: `${BASE}${confirmMe.request_id}/identity-review/`,
      payload: { decision: 'confirm', reason: '  ' },
    })
    expect(withoutReason.statusCode).toBe(400)
    const confirmed = await admin.request({
      method: 'POST',
      url: `${BASE}${confirmMe.request_id}/identity-review/`,
      payload: { decision: 'confirm', reason: 'Same person, married name.' },
    })
    expect(confirmed.json()).toMatchObject({
      identity_review: { status: 'confirmed', reason: 'Same person, married name.' },
      status: 'authorized',
      ingestion: { status: 'completed', pages_fetched: 3 },
    })
    const rejected = await admin.request({
      method: 'POST',
      url: `${BASE}${rejectMe.request_id}/identity-review/`,
      payload: { decision: 'reject', reason: 'Another beneficiary signed in.' },
    })
    expect(rejected.json()).toMatchObject({ identity_review: { status: 'rejected' }, status: 'revoked' })
    const again = await admin.request({
      method: 'POST',
      url: `${BASE}${rejectMe.request_id}/identity-review/`,
      payload: { decision: 'confirm', reason: 'Changed my mind.' },
    })
    expect(again.statusCode).toBe(409)
    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetId, confirmMe.request_id),
          eq(auditLog.action, 'authorization_request.identity_confirmed'),
        ),
      )
    expect(audit).toHaveLength(1)
  })

  it('hides a request from the requester’s list only', async () => {
    const request = await create('CLINICIAN')
    const client = await as('CLINICIAN')
    const hidden = await client.request({ method: 'POST', url: `${BASE}${request.request_id}/hide/` })
    expect(hidden.statusCode).toBe(200)
    const list = (await client.request({ url: `${BASE}?page_size=100` })).json<{
      results: AuthorizationRequest[]
    }>()
    expect(list.results.some((r) => r.request_id === request.request_id)).toBe(false)
    expect((await client.request({ url: `${BASE}${request.request_id}/` })).statusCode).toBe(200)
  })

  it('audits every read of a request without patient details', async () => {
    const email = `audit-${Date.now()}@example.org`
    const request = await create('ACO_ADMIN', { email })
    await (await as('ACO_ADMIN')).request({ url: `${BASE}${request.request_id}/` })
    const reads = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, request.request_id), eq(auditLog.action, 'authorization_request.read')),
      )
    expect(reads).toHaveLength(1)
    expect(reads[0]).toMatchObject({
      actorUserId: expect.any(String),
      patientId: request.patient_id,
      ipAddress: '127.0.0.1',
    })
    expect(JSON.stringify(reads)).not.toContain(email)
    expect(reads[0]?.actorUserId).not.toBe(demoUser('ACO_ADMIN').email)
  })
})
