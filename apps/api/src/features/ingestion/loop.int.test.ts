// The whole loop with the real job worker, as `npm start` runs it: consent link → Medicare login and
// consent at the in-process sandbox → callback → queued job → pull → data on the requester's endpoint.
import {
  authorizationRequestSchema,
  authorizationStatusResponseSchema,
} from '@blueconsent/contract/authorization-requests'
import { requestDataSchema } from '@blueconsent/contract/patients'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { outboxMessages } from '../../platform/db/schema/outbox.ts'
import { openOutboxMessage } from '../../platform/outbox/index.ts'
import { loginAs } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { hashConsentToken } from '../authorization-requests/index.ts'
import {
  consentAtMedicare,
  createPendingRequest,
  latestRun,
  sandboxName,
} from '../../testing/consent-testing.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ config: { runWorkers: true } })
})
afterAll(() => t?.close())

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('consent → callback → ingestion loop', { timeout: 60_000 }, () => {
  it('ends with the requester reading the pulled data, with no step run by hand', async () => {
    const name = sandboxName('BBUser00001')
    const request = await createPendingRequest(t, {
      persona: 'ACO_USER',
      patientName: `${name.given} ${name.family}`,
    })
    const { callback } = await consentAtMedicare(t.app, request.token, { username: 'BBUser00001' })
    expect(callback).toBe('/consent/complete?result=authorized&lang=en')
    const run = await waitFor(async () => {
      const latest = await latestRun(t, request.requestId)
      return latest.status === 'completed' ? latest : undefined
    })
    expect(run.pagesFetched).toBeGreaterThan(0)
    expect(run.pagesFetched).toBe(run.pagesTotal)
    const staff = await loginAs(t.app, 'ACO_USER')
    const response = await staff.request({
      method: 'GET',
      url: `/api/healthplans/requests/${request.requestId}/data/`,
    })
    expect(response.statusCode).toBe(200)
    const body = requestDataSchema.parse(response.json())
    expect(body.data.medications.length + body.data.claims.length).toBe(run.resourcesFetched)
    expect(body.data_as_of).not.toBeNull()
  })

  it('starts from the staff member’s create call and the emailed link, and shows progress on the status call', async () => {
    const name = sandboxName('BBUser00002')
    const staff = await loginAs(t.app, 'ACO_USER')
    const created = await staff.request({
      method: 'POST',
      url: '/api/healthplans/requests/',
      payload: {
        health_plan: 'medicare',
        patient_mrn: 'MRN-LOOP-1',
        contact_method: 'email',
        contact_value: 'loop.patient@example.test',
        metadata: { patient_name: `${name.given} ${name.family}` },
      },
    })
    expect(created.statusCode).toBe(201)
    const requestId = authorizationRequestSchema.parse(created.json()).request_id
    // The test clock stands still, so find the invitation by its link rather than by time.
    const [request] = await t.app.ctx.db
      .select()
      .from(authorizationRequests)
      .where(eq(authorizationRequests.id, requestId))
    const mails = await t.app.ctx.db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'email'))
    const link = mails
      .map((mail) => /\/consent\/([A-Za-z0-9_-]{20,})/.exec(openOutboxMessage(t.app.ctx, mail).text)?.[1])
      .find((token) => token !== undefined && hashConsentToken(token) === request?.consentTokenHash)
    expect(link).toBeDefined()
    const { callback } = await consentAtMedicare(t.app, link!, { username: 'BBUser00002' })
    expect(callback).toContain('result=authorized')
    const status = await waitFor(async () => {
      const response = await staff.request({
        method: 'GET',
        url: `/api/healthplans/requests/${requestId}/status/`,
      })
      // This API always reports the pull's progress with the status.
      const body = authorizationStatusResponseSchema.required({ ingestion: true }).parse(response.json())
      return body.ingestion.status === 'completed' ? body : undefined
    })
    expect(status.status).toBe('authorized')
    expect(status.ingestion.pages_fetched).toBe(status.ingestion.pages_total)
    const data = await staff.request({ method: 'GET', url: `/api/healthplans/requests/${requestId}/data/` })
    expect(data.statusCode).toBe(200)
    expect(requestDataSchema.parse(data.json()).risk_score).not.toBeNull()
  })

  it('retries a pull that failed on a Blue Button outage, through the job queue’s backoff', async () => {
    const name = sandboxName('BBUser00008')
    const request = await createPendingRequest(t, {
      persona: 'ACO_USER',
      patientName: `${name.given} ${name.family}`,
    })
    // Three failures use up the client's own attempts for one call, so the first job run fails.
    const fault = await t.app.inject({
      method: 'PUT',
      url: '/bb-sandbox/__admin/faults/blueconsent-provider',
      payload: { kind: 'server-error', status: 502, count: 3 },
    })
    expect(fault.statusCode).toBeLessThan(300)
    await consentAtMedicare(t.app, request.token, { username: 'BBUser00008' })
    const failedOnce = await waitFor(async () => {
      const latest = await latestRun(t, request.requestId)
      return latest.error ? latest : undefined
    })
    expect(failedOnce.error).toContain('transient')
    const done = await waitFor(async () => {
      const latest = await latestRun(t, request.requestId)
      return latest.status === 'completed' ? latest : undefined
    }, 35_000)
    expect(done.id).toBe(failedOnce.id)
    expect(done.error).toBeNull()
  })
})
