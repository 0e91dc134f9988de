// Traces of real requests (a listening server, fetch over loopback) carry no PHI: no search term, name, MRN,
// MBI, email or phone number in any span's name, attributes or events, on PGlite here and with pg's query
// spans in api-int-pg. The log lines written during a traced request carry its trace id, and Blue Button
// calls are spans named by their kind. Tracing starts before the app's modules load, as the preload does.
import { Writable } from 'node:stream'
import type { AddressInfo } from 'node:net'
import type { NodeSDK, tracing } from '@opentelemetry/sdk-node'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import type { TestApp } from '../../testing/test-app.ts'
import type { FixturePatient } from '../../testing/patients-fixture.ts'
import { tracingActive } from './active.ts'
import { startTracing, stopTracing } from './tracing.ts'

let sdk: NodeSDK
let exporter: tracing.InMemorySpanExporter
let t: TestApp
let base: string
let patient: FixturePatient
let access: string
const logLines: Record<string, unknown>[] = []

beforeAll(async () => {
  const { tracing } = await import('@opentelemetry/sdk-node')
  exporter = new tracing.InMemorySpanExporter()
  sdk = await startTracing({ exporter, immediate: true })
  // The app's modules (Fastify, pg) load only now, after the instrumentations are in place.
  const { buildTestApp } = await import('../../testing/test-app.ts')
  const { insertPatient } = await import('../../testing/patients-fixture.ts')
  const { loginAs } = await import('../../testing/http-client.ts')
  const logDestination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  t = await buildTestApp({ config: { logLevel: 'info' }, logDestination })
  patient = await insertPatient(t, { requester: 'ACO_ADMIN', name: 'Jane Doe', tin: 'first' })
  access = (await loginAs(t.app, 'ACO_ADMIN')).access ?? ''
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await t?.close()
  if (sdk) await stopTracing(sdk)
})

const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${access}` } })

/** Everything a span would export, as one string per span. */
const exported = (spans: tracing.ReadableSpan[]) =>
  spans.map((span) =>
    JSON.stringify({
      name: span.name,
      attributes: span.attributes,
      events: span.events,
      status: span.status,
      links: span.links,
    }),
  )

const serverSpans = () =>
  exporter
    .getFinishedSpans()
    .filter(
      (span) =>
        span.instrumentationScope.name === '@opentelemetry/instrumentation-http' &&
        span.attributes['http.route'] === '/api/patients/',
    )

describe('traces', () => {
  it('marks the process as tracing, so the log lines carry trace ids', () => {
    expect(tracingActive()).toBe(true)
  })

  it('carry no search term, name, MRN, MBI, email or phone number from a real request', async () => {
    exporter.reset()
    const searches = [
      '/api/patients/?search=Jane%20Doe',
      `/api/patients/?mrn=${encodeURIComponent(patient.mrn)}`,
      `/api/patients/?search=${encodeURIComponent(patient.email)}`,
      `/api/patients/?search=${encodeURIComponent(patient.mbi)}`,
    ]
    for (const path of searches) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      await response.text()
    }
    const found = await get('/api/patients/?search=Jane%20Doe')
    expect(JSON.stringify(await found.json())).toContain('Jane')
    // The server span ends when the response has been written, a moment after the client has read it.
    await vi.waitFor(() => expect(serverSpans().length).toBe(searches.length + 1))
    const spans = exporter.getFinishedSpans()
    const scopes = new Set(spans.map((span) => span.instrumentationScope.name))
    expect(scopes).toContain('@opentelemetry/instrumentation-http')
    expect(scopes).toContain('@fastify/otel')
    if (inject('testDatabase').backend === 'postgres') {
      expect(scopes).toContain('@opentelemetry/instrumentation-pg')
      const statements = spans.map((span) => span.attributes['db.query.text']).filter(Boolean)
      expect(statements.length).toBeGreaterThan(0)
    }
    // The server span is there, on its route, without its query string.
    const [server] = serverSpans()
    expect(server?.attributes['url.path']).toBe('/api/patients/')
    expect(server?.attributes['url.query']).toBeUndefined()
    const forbidden = ['Jane', 'Doe', patient.mrn, patient.mbi, patient.email, patient.phone]
    for (const text of exported(spans))
      for (const value of forbidden) expect(text, `a span holds ${value}`).not.toContain(value)
  })

  it('writes the trace id of the request into its log lines', async () => {
    exporter.reset()
    logLines.length = 0
    const response = await get('/api/patients/?search=Jane%20Doe')
    await response.text()
    await vi.waitFor(() => expect(serverSpans()).toHaveLength(1))
    const traceIds = new Set(exporter.getFinishedSpans().map((span) => span.spanContext().traceId))
    const traced = logLines.filter((line) => typeof line.trace_id === 'string')
    expect(traced.length).toBeGreaterThan(0)
    for (const line of traced) {
      expect(traceIds).toContain(line.trace_id)
      expect(String(line.span_id)).toMatch(/^[0-9a-f]{16}$/)
    }
  })

  it('makes a span of a Blue Button call, named by its kind, without the beneficiary id', async () => {
    const { measureBlueButtonCalls } = await import('../http/metrics.ts')
    exporter.reset()
    const call = measureBlueButtonCalls(t.app.ctx, async () => new Response('{}', { status: 503 }))
    await call('https://sandbox.bluebutton.cms.gov/v2/fhir/Patient/-20140000008325?_format=json', {
      method: 'GET',
    })
    const [span] = exporter.getFinishedSpans().filter((one) => one.name.startsWith('bluebutton'))
    expect(span?.name).toBe('bluebutton fhir_Patient')
    expect(span?.attributes).toMatchObject({
      'bluebutton.call': 'fhir_Patient',
      'http.response.status_code': 503,
    })
    expect(JSON.stringify(exported(exporter.getFinishedSpans()))).not.toContain('20140000008325')
  })
})
