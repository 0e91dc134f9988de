// A pull held for identity review is quarantined: while a patient is served through an earlier, matching
// authorization, nothing the held pull stored (claims, medications, coverage, a risk score) shows on any read
// path; a reject deletes exactly those rows and leaves the earlier data as it was; a confirm releases them.
import type { AuthorizationRequest } from '@blueconsent/contract/authorization-requests'
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCESS_DECLARATION } from '../../access-matrix.expected.ts'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { bluebuttonGrants } from '../../platform/db/schema/bluebutton.ts'
import { claims, coverages, medications, riskScores } from '../../platform/db/schema/clinical.ts'
import { outboxMessages } from '../../platform/db/schema/outbox.ts'
import { loginAs, type TestClient } from '../../testing/http-client.ts'
import {
  consentAtMedicare,
  createPendingRequest,
  latestRun,
  requestRow,
  sandboxName,
  type PendingRequest,
} from '../../testing/consent-testing.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { runIngestion } from './ingestion.service.ts'

let t: TestApp
let admin: TestClient
let requester: TestClient

const nameOf = (username: string) => {
  const name = sandboxName(username)
  return `${name.given} ${name.family}`
}

/** A request for `patientName` that the beneficiary `username` authorized at Medicare, then pulled. */
async function pulled(
  username: string,
  patientName: string,
  options: { patientId?: string; requestedBirthDate?: string } = {},
): Promise<PendingRequest> {
  const request = await createPendingRequest(t, { persona: 'ACO_USER', patientName, ...options })
  const { callback } = await consentAtMedicare(t.app, request.token, { username })
  expect(callback).toContain('result=authorized')
  await runIngestion(t.app.ctx, (await latestRun(t, request.requestId)).id)
  return request
}

/** The patient's released rows, exactly (ids, resource ids, when written): what a reject must leave as is. */
async function releasedRows(patientId: string) {
  const db = t.app.ctx.db
  const pick = { id: claims.id, resourceId: claims.resourceId, updatedAt: claims.updatedAt }
  return {
    claims: await db
      .select(pick)
      .from(claims)
      .where(and(eq(claims.patientId, patientId), isNull(claims.heldRunId)))
      .orderBy(asc(claims.id)),
    medications: await db
      .select({ id: medications.id, resourceId: medications.resourceId, updatedAt: medications.updatedAt })
      .from(medications)
      .where(and(eq(medications.patientId, patientId), isNull(medications.heldRunId)))
      .orderBy(asc(medications.id)),
    coverages: await db
      .select({ id: coverages.id, resourceId: coverages.resourceId, updatedAt: coverages.updatedAt })
      .from(coverages)
      .where(and(eq(coverages.patientId, patientId), isNull(coverages.heldRunId)))
      .orderBy(asc(coverages.id)),
    riskScores: await db
      .select({ id: riskScores.id, score: riskScores.score })
      .from(riskScores)
      .where(and(eq(riskScores.patientId, patientId), isNull(riskScores.heldRunId)))
      .orderBy(asc(riskScores.id)),
  }
}

async function heldRowMarkers(patientId: string): Promise<string[]> {
  const db = t.app.ctx.db
  const rows = [
    ...(await db
      .select({ id: claims.id, resourceId: claims.resourceId })
      .from(claims)
      .where(and(eq(claims.patientId, patientId), isNotNull(claims.heldRunId)))),
    ...(await db
      .select({ id: medications.id, resourceId: medications.resourceId })
      .from(medications)
      .where(and(eq(medications.patientId, patientId), isNotNull(medications.heldRunId)))),
    ...(await db
      .select({ id: coverages.id, resourceId: coverages.resourceId })
      .from(coverages)
      .where(and(eq(coverages.patientId, patientId), isNotNull(coverages.heldRunId)))),
  ]
  return rows.flatMap((row) => [row.id, row.resourceId])
}

// The patient served through request A (BBUser00001, matching) and the held pull B of someone else.
let earlier: PendingRequest
let held: PendingRequest
let heldClaimId: string
let markers: string[]
const PLANTED_SCORE = '7.777'

/** Every read of clinical data, with the URL that reads the served patient (or the held request). */
const READ_PATHS: Record<string, () => string> = {
  'GET /api/patients/': () => `/api/patients/?search=${encodeURIComponent(nameOf('BBUser00001'))}`,
  'GET /api/patients/:id/': () => `/api/patients/${earlier.patientId}/`,
  'GET /api/patients/:id/basic_info/': () => `/api/patients/${earlier.patientId}/basic_info/`,
  'GET /api/patients/:id/consolidated/': () => `/api/patients/${earlier.patientId}/consolidated/`,
  'GET /api/patients/:id/coverage/': () => `/api/patients/${earlier.patientId}/coverage/`,
  'GET /api/patients/:id/export/': () => `/api/patients/${earlier.patientId}/export/?format=fhir`,
  'GET /api/patients/:id/export/ (csv)': () => `/api/patients/${earlier.patientId}/export/?format=csv`,
  'GET /api/patients/:id/risk_score/': () => `/api/patients/${earlier.patientId}/risk_score/`,
  'GET /api/patients/:id/notes/': () => `/api/patients/${earlier.patientId}/notes/`,
  'GET /api/patients/:id/adherence/': () => `/api/patients/${earlier.patientId}/adherence/`,
  'GET /api/patients/:id/brief/': () => `/api/patients/${earlier.patientId}/brief/`,
  'GET /api/adherence/visit-planner/': () => '/api/adherence/visit-planner/',
  'GET /api/claims/:id/': () => `/api/claims/${heldClaimId}/`,
  'GET /api/healthplans/requests/:id/data/': () => `/api/healthplans/requests/${earlier.requestId}/data/`,
  'GET /api/healthplans/requests/:id/data/ (held)': () => `/api/healthplans/requests/${held.requestId}/data/`,
  'GET /api/reports/risk/': () => '/api/reports/risk/',
  'GET /api/reports/risk/export/': () => '/api/reports/risk/export/',
  'GET /api/dashboard/': () => '/api/dashboard/',
  'GET /api/risk-gaps/': () => '/api/risk-gaps/',
  'GET /api/risk-gaps/filters/': () => '/api/risk-gaps/filters/',
  'GET /api/risk-gaps/export/': () => '/api/risk-gaps/export/',
  'GET /api/risk-gaps/patients/:id/': () => `/api/risk-gaps/patients/${earlier.patientId}/`,
}

beforeAll(async () => {
  t = await buildTestApp()
  admin = await loginAs(t.app, 'ACO_ADMIN')
  requester = await loginAs(t.app, 'ACO_USER')
  earlier = await pulled('BBUser00001', nameOf('BBUser00001'))
  expect((await latestRun(t, earlier.requestId)).status).toBe('completed')
})
afterAll(() => t?.close())

describe('a held pull beside an earlier, matching one', () => {
  let before: Awaited<ReturnType<typeof releasedRows>>
  const bodies = new Map<string, string>()

  beforeAll(async () => {
    before = await releasedRows(earlier.patientId)
    expect(before.claims.length).toBeGreaterThan(0)
    expect(before.riskScores.length).toBe(1)
    // Rosa Garcia's record under "Jane Doe": a second request for the same patient, signed by someone else.
    held = await pulled('BBUser00002', 'Jane Doe', { patientId: earlier.patientId })
    expect((await latestRun(t, held.requestId)).status).toBe('held_for_review')
    markers = await heldRowMarkers(earlier.patientId)
    expect(markers.length).toBeGreaterThan(0)
    const [claim] = await t.app.ctx.db
      .select({ id: claims.id })
      .from(claims)
      .where(and(eq(claims.patientId, earlier.patientId), isNotNull(claims.heldRunId)))
      .limit(1)
    heldClaimId = claim?.id ?? ''
    // A held pull never scores; plant a quarantined score (newest of all) so every score read is tested too.
    await t.app.ctx.db.insert(riskScores).values({
      patientId: earlier.patientId,
      heldRunId: (await latestRun(t, held.requestId)).id,
      model: 'V28',
      paymentYear: 2026,
      score: PLANTED_SCORE,
      segment: 'CNA',
      result: { models: [], paymentScore: 7.777 },
      calculatedAt: new Date(t.app.ctx.clock().getTime() + 60_000),
    })
    expect(await releasedRows(earlier.patientId)).toEqual(before)
  })

  it.each(Object.keys(READ_PATHS))('%s shows nothing the held pull stored', async (path) => {
    const response = await admin.request({ url: READ_PATHS[path]!() })
    const body = response.body
    bodies.set(path, body)
    if (path.includes('(held)')) {
      expect(response.statusCode).toBe(409)
      expect(response.json().code).toBe('held_for_review')
    } else if (path.startsWith('GET /api/claims/')) {
      expect(response.statusCode).toBe(404)
    } else {
      expect(response.statusCode).toBe(200)
    }
    for (const marker of markers) expect(body).not.toContain(marker)
    expect(body).not.toContain(PLANTED_SCORE)
  })

  it('reads every clinical route of the patients, ingestion, dashboard, reports and risk-gaps features above', () => {
    const clinical = Object.keys(ACCESS_DECLARATION).filter(
      (route) =>
        route.startsWith('GET ') &&
        (/^GET \/api\/(patients|claims|reports|dashboard|risk-gaps)\//.test(route) ||
          route.endsWith('/data/')),
    )
    expect(clinical.length).toBeGreaterThan(10)
    // A new route reading clinical data must be added to READ_PATHS (and so be checked for quarantine).
    expect(clinical.filter((route) => !(route in READ_PATHS))).toEqual([])
  })

  it('the served record still shows the earlier pull: its claims and its score', async () => {
    const record = await admin.request({ url: `/api/healthplans/requests/${earlier.requestId}/data/` })
    const body = record.json()
    expect(body.data.claims).toHaveLength(before.claims.length)
    expect(body.data.medications).toHaveLength(before.medications.length)
    expect(String(body.risk_score?.score)).toBe(String(Number(before.riskScores[0]?.score)))
  })

  it('the patient lists and reads name the newest request as under identity review, not as approved', async () => {
    const detail = await admin.request({ url: `/api/patients/${earlier.patientId}/` })
    expect(detail.json().authorization).toMatchObject({
      request_id: held.requestId,
      under_identity_review: true,
    })
    const found = await admin.request({ url: READ_PATHS['GET /api/patients/']!() })
    const row = found
      .json<{ results: { id: string; authorization: unknown }[] }>()
      .results.find((patient) => patient.id === earlier.patientId)
    expect(row?.authorization).toMatchObject({ request_id: held.requestId, under_identity_review: true })
  })

  it('the reviewer sees both identities; the requester only that a review is pending', async () => {
    const asAdmin = (
      await admin.request({ url: `/api/healthplans/requests/${held.requestId}/` })
    ).json<AuthorizationRequest>()
    expect(asAdmin.identity_review).toMatchObject({
      status: 'pending',
      requested_name: 'Jane Doe',
      // The patient's birth date on file (from the earlier pull) differs from this beneficiary's too.
      differences: ['name', 'birth_date'],
      reviewed_by: null,
    })
    expect(asAdmin.identity_review.medicare_name).toContain(sandboxName('BBUser00002').family)
    expect(asAdmin.identity_review.medicare_birth_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(asAdmin.identity_review.medicare_id_last4).toMatch(/^[0-9A-Z]{4}$/)
    expect(asAdmin.identity_review.consented_at).not.toBeNull()
    const listed = (
      await admin.request({ url: '/api/healthplans/requests/?scope=organization&page_size=100' })
    ).json<{ results: AuthorizationRequest[] }>()
    expect(listed.results.find((r) => r.request_id === held.requestId)?.identity_review.medicare_name).toBe(
      asAdmin.identity_review.medicare_name,
    )
    const asRequester = (
      await requester.request({ url: `/api/healthplans/requests/${held.requestId}/` })
    ).json<AuthorizationRequest>()
    expect(asRequester.identity_review).toMatchObject({
      status: 'pending',
      requested_name: 'Jane Doe',
      medicare_name: null,
      medicare_birth_date: null,
      medicare_id_last4: null,
      differences: [],
    })
  })

  it('a reject deletes exactly the held rows, revokes that grant, tells the requester, keeps the rest', async () => {
    const grantId = (await requestRow(t, held.requestId)).grantId
    const rejected = await admin.request({
      method: 'POST',
      url: `/api/healthplans/requests/${held.requestId}/identity-review/`,
      payload: { decision: 'reject', reason: 'Another beneficiary signed in at Medicare.' },
    })
    expect(rejected.statusCode).toBe(200)
    expect(rejected.json()).toMatchObject({
      status: 'revoked',
      identity_review: { status: 'rejected', reason: 'Another beneficiary signed in at Medicare.' },
    })
    expect(rejected.json().identity_review.reviewed_by?.id).toBeTruthy()
    expect(await heldRowMarkers(earlier.patientId)).toEqual([])
    const planted = await t.app.ctx.db
      .select()
      .from(riskScores)
      .where(and(eq(riskScores.patientId, earlier.patientId), isNotNull(riskScores.heldRunId)))
    expect(planted).toEqual([])
    expect(await releasedRows(earlier.patientId)).toEqual(before)
    expect((await latestRun(t, held.requestId)).status).toBe('failed')
    const [grant] = await t.app.ctx.db
      .select()
      .from(bluebuttonGrants)
      .where(eq(bluebuttonGrants.id, grantId!))
    expect(grant?.accessTokenEncrypted ?? null).toBeNull()
    const mails = await t.app.ctx.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, 'identity_rejected'))
    expect(mails).toHaveLength(1)
    expect((await requestRow(t, held.requestId)).statusMessage).toMatch(/Identity rejected/)
    expect((await requestRow(t, earlier.requestId)).status).toBe('authorized')
    // Each read path answers as before the held pull (the dashboard's request counts aside).
    for (const path of Object.keys(READ_PATHS).filter(
      (p) => !p.includes('(held)') && !p.includes('claims'),
    )) {
      const response = await admin.request({ url: READ_PATHS[path]!() })
      for (const marker of markers) expect(response.body).not.toContain(marker)
    }
    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetId, held.requestId),
          eq(auditLog.action, 'authorization_request.identity_rejected'),
        ),
      )
    expect(audit).toHaveLength(1)
    expect(audit[0]?.details).toMatchObject({
      requested_patient_id: earlier.patientId,
      medicare_grant_id: grantId,
    })
    expect(JSON.stringify(audit[0]?.details)).not.toContain('Jane')
  })
})

describe('a held pull confirmed', () => {
  it('is released with its score, and evidence names a birth date that differs', async () => {
    const request = await pulled('BBUser00003', 'Jane Doe', { requestedBirthDate: '1901-02-03' })
    expect((await latestRun(t, request.requestId)).status).toBe('held_for_review')
    const view = (
      await admin.request({ url: `/api/healthplans/requests/${request.requestId}/` })
    ).json<AuthorizationRequest>()
    expect(view.identity_review.requested_birth_date).toBe('1901-02-03')
    expect(view.identity_review.differences).toEqual(['name', 'birth_date'])
    const [{ held: heldCount } = { held: 0 }] = [{ held: (await heldRowMarkers(request.patientId)).length }]
    expect(heldCount).toBeGreaterThan(0)
    expect(
      await t.app.ctx.db.select().from(riskScores).where(eq(riskScores.patientId, request.patientId)),
    ).toEqual([])
    const confirmed = await admin.request({
      method: 'POST',
      url: `/api/healthplans/requests/${request.requestId}/identity-review/`,
      payload: { decision: 'confirm', reason: 'Checked by phone: same person, name changed.' },
    })
    expect(confirmed.json()).toMatchObject({
      status: 'authorized',
      identity_review: { status: 'confirmed' },
      ingestion: { status: 'completed' },
    })
    expect(await heldRowMarkers(request.patientId)).toEqual([])
    const data = await admin.request({ url: `/api/healthplans/requests/${request.requestId}/data/` })
    expect(data.statusCode).toBe(200)
    expect(data.json().data.claims.length).toBeGreaterThan(0)
    expect(data.json().risk_score).not.toBeNull()
    const [row] = await t.app.ctx.db
      .select({ reason: authorizationRequests.identityReviewReasonEncrypted })
      .from(authorizationRequests)
      .where(eq(authorizationRequests.id, request.requestId))
    expect(row?.reason).not.toContain('Checked')
  })

  it('replaces the released rows of the same resources when the held pull is the same beneficiary', async () => {
    const first = await pulled('BBUser00004', nameOf('BBUser00004'))
    const before = await releasedRows(first.patientId)
    const again = await createPendingRequest(t, {
      persona: 'ACO_USER',
      patientName: nameOf('BBUser00004'),
      patientId: first.patientId,
    })
    await consentAtMedicare(t.app, again.token, { username: 'BBUser00004', shareDemographics: false })
    await runIngestion(t.app.ctx, (await latestRun(t, again.requestId)).id)
    expect((await latestRun(t, again.requestId)).status).toBe('held_for_review')
    expect(await releasedRows(first.patientId)).toEqual(before)
    await admin.request({
      method: 'POST',
      url: `/api/healthplans/requests/${again.requestId}/identity-review/`,
      payload: { decision: 'confirm', reason: 'Same person; the name was withheld at Medicare.' },
    })
    const after = await releasedRows(first.patientId)
    expect(after.claims.map((c) => c.resourceId)).toEqual(
      expect.arrayContaining(before.claims.map((c) => c.resourceId)),
    )
    expect(after.claims).toHaveLength(before.claims.length)
    expect(after.medications).toHaveLength(before.medications.length)
    expect(await heldRowMarkers(first.patientId)).toEqual([])
  })
})
