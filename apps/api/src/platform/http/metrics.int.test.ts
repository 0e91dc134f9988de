// A scrape after requests shows each route's series by template, and no label carries an id or a patient.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consentAtMedicare, createPendingRequest, sandboxName } from '../../testing/consent-testing.ts'
import { loginAs } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { measureBlueButtonCalls, startMetricsServer } from './metrics.ts'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

const labelValues = (text: string): string[] =>
  [...text.matchAll(/\{([^}]*)\}/g)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/\w+="((?:[^"\\]|\\.)*)"/g)].map((label) => label[1] ?? ''),
  )

describe('metrics', () => {
  it('counts requests by route template, method and status, with latency histograms', async () => {
    const staff = await loginAs(t.app, 'ACO_ADMIN', { ip: '10.9.0.1' })
    const pending = await createPendingRequest(t, { persona: 'ACO_ADMIN', patientName: 'Metrics Patient' })
    const read = await staff.request({
      method: 'GET',
      url: `/api/healthplans/requests/${pending.requestId}/`,
    })
    expect(read.statusCode).toBe(200)
    await staff.request({ method: 'GET', url: `/api/no-such-route/${pending.patientId}/` })
    const text = await t.app.metrics.metrics()
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/healthplans\/requests\/:id\/",status="200"\} 1/,
    )
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/healthplans/requests/:id/",status="200"} 1',
    )
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1/)
    expect(text).toContain('# TYPE job_queue_jobs gauge')
    expect(text).toContain('# TYPE outbox_messages gauge')
    expect(text).toContain('# TYPE webhook_deliveries gauge')
    expect(text).toContain('process_cpu_seconds_total')
  })

  it('puts no id, address, name or path as asked in any label', async () => {
    const staff = await loginAs(t.app, 'ACO_USER', { ip: '10.9.0.2' })
    const pending = await createPendingRequest(t, { persona: 'ACO_USER', patientName: 'Label Patient' })
    await staff.request({
      method: 'GET',
      url: `/api/healthplans/requests/${pending.requestId}/?search=Label`,
    })
    await staff.request({ method: 'GET', url: `/api/patients/${pending.patientId}/` })
    const values = labelValues(await t.app.metrics.metrics())
    expect(values.length).toBeGreaterThan(10)
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i
    expect(values.filter((value) => uuid.test(value))).toEqual([])
    expect(values.filter((value) => /@|\?|Patient|search=/.test(value))).toEqual([])
  })

  it('counts Blue Button calls by kind and outcome, never by the beneficiary in the path', async () => {
    const name = sandboxName('BBUser00003')
    const pending = await createPendingRequest(t, {
      persona: 'ACO_ADMIN',
      patientName: `${name.given} ${name.family}`,
    })
    await consentAtMedicare(t.app, pending.token, { username: 'BBUser00003' })
    const failing = measureBlueButtonCalls(t.app.ctx, () => Promise.reject(new TypeError('fetch failed')))
    await expect(
      failing('https://sandbox.bluebutton.cms.gov/v2/fhir/Patient/-20140000008325', {}),
    ).rejects.toThrow()
    const text = await t.app.metrics.metrics()
    expect(text).toMatch(/bluebutton_requests_total\{call="token",outcome="2xx"\} [1-9]/)
    expect(text).toMatch(/bluebutton_requests_total\{call="fhir_Patient",outcome="network_error"\} 1/)
    expect(text).not.toContain('20140000008325')
  })

  it('serves the scrape on its own port, only with the token', async () => {
    const server = await startMetricsServer(t.app.metrics, {
      port: 0,
      host: '127.0.0.1',
      token: 'scrape-token',
    })
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      expect((await fetch(`${base}/metrics`)).status).toBe(401)
      expect(
        (await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer wrong-token!' } })).status,
      ).toBe(401)
      const scrape = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer scrape-token' } })
      expect(scrape.status).toBe(200)
      expect(scrape.headers.get('content-type')).toContain('text/plain')
      expect(await scrape.text()).toContain('http_requests_total')
      expect(
        (await fetch(`${base}/api/health/`, { headers: { authorization: 'Bearer scrape-token' } })).status,
      ).toBe(404)
      // The public port has no /metrics, whatever the caller sends.
      for (const url of ['/metrics', '/api/metrics', '/metrics/']) {
        const publicAnswer = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: 'Bearer scrape-token' },
        })
        expect(publicAnswer.statusCode, url).toBe(404)
        expect(publicAnswer.body, url).not.toContain('http_requests_total')
      }
    } finally {
      server.close()
    }
  })
})
