// Prometheus metrics (prom-client), served apart from the API: on METRICS_PORT, behind METRICS_TOKEN when set.
// Labels are route templates, methods, status codes, queue and state names only: never a URL as requested,
// an id or anything about a patient, so a scrape can be stored and shared like any other operational data.
import { createServer, type Server } from 'node:http'
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { AppContext } from '../context.ts'
import type { Database } from '../db/client.ts'
import { JOB_SCHEMA } from '../jobs/queue.ts'
import { traceBlueButtonCall } from '../telemetry/bluebutton-spans.ts'

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry
  }
}

/** Seconds; API answers are mostly tens of milliseconds, a Medicare-backed read a few seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** A request no route matched is counted under one label, not under the path it asked for. */
const UNMATCHED_ROUTE = 'unmatched'

function httpMetrics(app: FastifyInstance, registry: Registry): void {
  const labelNames = ['method', 'route', 'status'] as const
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template, method and status.',
    labelNames,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route template, method and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    }
    requests.inc(labels)
    latency.observe(labels, reply.elapsedTime / 1000)
  })
}

function poolMetrics(database: Database, registry: Registry): void {
  const stats = database.poolStats
  if (!stats) return
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool clients by state (max: the pool size).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { total, idle, waiting, max } = stats()
      this.set({ state: 'total' }, total)
      this.set({ state: 'idle' }, idle)
      this.set({ state: 'busy' }, total - idle)
      this.set({ state: 'waiting' }, waiting)
      this.set({ state: 'max' }, max)
    },
  })
}

type QueueRow = { name: string; state: string; jobs: number; oldest_seconds: number | null }

/** Jobs waiting, running or failed per queue, and how long the oldest has waited: read at each scrape. */
function queueMetrics(database: Database, registry: Registry): void {
  let latest: Promise<QueueRow[]> | null = null
  const read = async (): Promise<QueueRow[]> => {
    const { rows } = await database.executeSql(
      `select name, state, count(*)::int as jobs,
         extract(epoch from now() - min(created_on))::float8 as oldest_seconds
       from ${JOB_SCHEMA}.job where state in ('created', 'retry', 'active', 'failed') group by name, state`,
      [],
    )
    return rows as QueueRow[]
  }
  // Both gauges read one query per scrape.
  const rows = () => (latest ??= read().finally(() => setTimeout(() => (latest = null), 1000)))
  new Gauge({
    name: 'job_queue_jobs',
    help: 'Jobs per queue and state (created and retry are waiting; failed are kept for the retention period).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset()
      for (const row of await rows()) this.set({ queue: row.name, state: row.state }, row.jobs)
    },
  })
  new Gauge({
    name: 'job_queue_oldest_seconds',
    help: 'Age of the oldest job per queue and state.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset()
      for (const row of await rows()) this.set({ queue: row.name, state: row.state }, row.oldest_seconds ?? 0)
    },
  })
}

/** Outbox messages and webhook deliveries by state: what went out, what waits, what failed. */
function deliveryMetrics(database: Database, registry: Registry): void {
  const byStatus = (name: string, help: string, sql: string, labels: string[]) =>
    new Gauge({
      name,
      help,
      labelNames: labels,
      registers: [registry],
      async collect() {
        this.reset()
        const { rows } = await database.executeSql(sql, [])
        for (const row of rows as Record<string, string | number>[])
          this.set(Object.fromEntries(labels.map((label) => [label, String(row[label])])), Number(row.n))
      },
    })
  byStatus(
    'outbox_messages',
    'Emails and texts in the outbox by channel and status.',
    'select channel, status, count(*)::int as n from outbox_messages group by channel, status',
    ['channel', 'status'],
  )
  byStatus(
    'webhook_deliveries',
    'Webhook deliveries by status.',
    'select status, count(*)::int as n from webhook_deliveries group by status',
    ['status'],
  )
}

type BlueButtonCall = { call: string; outcome: string; seconds: number }
const blueButtonRecorders = new WeakMap<AppContext, (call: BlueButtonCall) => void>()

/** The kind of Blue Button call a URL is: its paths carry beneficiary ids, which never become labels. */
export function blueButtonCallKind(url: string): string {
  const path = new URL(url, 'http://unused').pathname
  const fhir = /\/fhir\/(Patient|Coverage|ExplanationOfBenefit)\b/.exec(path)
  if (fhir) return `fhir_${fhir[1]}`
  if (/\/o\/token\/?$/.test(path)) return 'token'
  if (/\/o\/revoke\/?$/.test(path)) return 'revoke'
  if (/\/connect\/userinfo\/?$/.test(path)) return 'userinfo'
  return 'other'
}

function blueButtonMetrics(ctx: AppContext, registry: Registry): void {
  const labelNames = ['call', 'outcome'] as const
  const calls = new Counter({
    name: 'bluebutton_requests_total',
    help: 'HTTP calls to Blue Button by kind and outcome (2xx, 4xx, 5xx, network_error).',
    labelNames,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'bluebutton_request_duration_seconds',
    help: 'Time to Blue Button answer headers, by kind and outcome.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  blueButtonRecorders.set(ctx, ({ call, outcome, seconds }) => {
    calls.inc({ call, outcome })
    latency.observe({ call, outcome }, seconds)
  })
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>

/** Wraps the Blue Button client's transport so every call is counted in this app's metrics (and traced). */
export function measureBlueButtonCalls(ctx: AppContext, fetch: Fetch): Fetch {
  return async (input, init) => {
    const record = blueButtonRecorders.get(ctx)
    const started = performance.now()
    const seconds = () => (performance.now() - started) / 1000
    try {
      const response = await traceBlueButtonCall(blueButtonCallKind(input), init.method ?? 'GET', () =>
        fetch(input, init),
      )
      record?.({
        call: blueButtonCallKind(input),
        outcome: `${Math.floor(response.status / 100)}xx`,
        seconds: seconds(),
      })
      return response
    } catch (error) {
      record?.({ call: blueButtonCallKind(input), outcome: 'network_error', seconds: seconds() })
      throw error
    }
  }
}

export function registerMetrics(app: FastifyInstance, ctx: AppContext): Registry {
  const { database } = ctx
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  httpMetrics(app, registry)
  blueButtonMetrics(ctx, registry)
  poolMetrics(database, registry)
  queueMetrics(database, registry)
  deliveryMetrics(database, registry)
  app.decorate('metrics', registry)
  return registry
}

function authorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true
  const given = Buffer.from(header ?? '')
  const expected = Buffer.from(`Bearer ${token}`)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** GET /metrics on its own port, so the API's public listener never serves it. */
export function startMetricsServer(
  registry: Registry,
  options: { port: number; host: string; token?: string | undefined },
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end()
      return
    }
    if (!authorized(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end()
      return
    }
    registry
      .metrics()
      .then((text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text))
      .catch(() => response.writeHead(500).end())
  })
  return new Promise((resolve) => server.listen(options.port, options.host, () => resolve(server)))
}
