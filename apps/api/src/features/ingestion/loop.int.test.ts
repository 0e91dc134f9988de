// The whole loop with the real job worker, as `npm start` runs it: consent link → Medicare login and
// consent at the in-process sandbox → callback → queued job → pull → data on the requester's endpoint.
import { requestDataSchema } from '@blueconsent/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { consentAtMedicare, createPendingRequest, latestRun, sandboxName } from '../consent/consent-testing.ts'

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

describe('consent → callback → ingestion loop', { timeout: 40_000 }, () => {
  it('ends with the requester reading the pulled data, with no step run by hand', async () => {
    const name = sandboxName('BBUser00001')
    const request = await createPendingRequest(t, { persona: 'ACO_USER', patientName: `${name.given} ${name.family}` })
    const { callback } = await consentAtMedicare(t.app, request.token, { username: 'BBUser00001' })
    expect(callback).toBe('/consent/complete?result=authorized&lang=en')
    const run = await waitFor(async () => {
      const latest = await latestRun(t, request.requestId)
      return latest.status === 'completed' ? latest : undefined
    })
    expect(run.pagesFetched).toBeGreaterThan(0)
    expect(run.pagesFetched).toBe(run.pagesTotal)
    const staff = await loginAs(t.app, 'ACO_USER')
    const response = await staff.request({ method: 'GET', url: `/api/healthplans/requests/${request.requestId}/data/` })
    expect(response.statusCode).toBe(200)
    const body = requestDataSchema.parse(response.json())
    expect(body.data.medications.length + body.data.claims.length).toBe(run.resourcesFetched)
    expect(body.data_as_of).not.toBeNull()
  })
})
