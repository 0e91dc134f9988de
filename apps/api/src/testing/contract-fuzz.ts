// Contract fuzzing: for every API route, fast-check builds bodies, query strings and path parameters from
// the route's own zod schemas and just outside them (wrong types, NUL and other control characters, 1 MB
// strings, deep nesting, huge and negative numbers, unicode, injection strings) and sends them as the
// people who may call the route. The invariants: never a 5xx, never a stack trace in an answer, and no
// change of stored state when every call to a route was refused. Used by the CI suite (a bounded number of
// cases per route) and by bench/fuzz (the long run).
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { DEMO_PASSWORD, demoUser, type DemoPersona } from '../features/demo-data/index.ts'
import type { RegisteredRoute } from '../platform/access/access.ts'
import { createClient, type TestClient } from './http-client.ts'

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  enum?: unknown[]
  const?: unknown
  format?: string
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}

const MEGABYTE_STRING = 'x'.repeat(1_000_000)
/** A body sent as written: JSON too deep for JSON.stringify to build. */
class RawJson {
  constructor(readonly text: string) {}
}
const DEEP_NESTING = new RawJson(`${'['.repeat(5_000)}${']'.repeat(5_000)}`)

/** Strings that broke, or could break, something somewhere. */
const NASTY_STRINGS = [
  '',
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b\u007f',
  '\r\n\r\nX-Injected: 1',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${jndi:ldap://example.invalid/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  '\uD800',
  '\uFEFF\u200B\u202E',
  '𝕌𝕟𝕚𝕔𝕠𝕕𝕖 👩🏽‍⚕️',
  'Ὀδυσσεύς',
  '١٢٣٤٥',
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  'true',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
]

const NASTY_NUMBERS = [
  0,
  -1,
  -0,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
]

const nastyString = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE_STRING) },
)

const nastyScalar: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
)

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: nastyScalar },
  { weight: 2, arbitrary: fc.array(nastyScalar, { maxLength: 5 }) },
  {
    weight: 2,
    arbitrary: fc.dictionary(
      nastyString.filter((key) => key.length < 100),
      nastyScalar,
    ),
  },
  { weight: 1, arbitrary: fc.constant(DEEP_NESTING) },
  { weight: 1, arbitrary: fc.constant({ __proto__: { admin: true }, constructor: { prototype: 1 } }) },
)

function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  } catch {
    return null
  }
}

/** A value the schema should accept, give or take: the shape is right, the contents are random. */
function plausible(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return nastyScalar
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf
  if (choices?.length) return fc.oneof(...choices.map((choice) => plausible(choice, depth + 1)))
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      if (schema.format === 'email') return fc.emailAddress()
      if (schema.format === 'uuid') return fc.uuid()
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
      return fc.string({ maxLength: 40 })
    case 'integer':
      return fc.integer({ min: -5, max: 1_000 })
    case 'number':
      return fc.double({ min: -5, max: 1_000, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(plausible(schema.items, depth + 1), { maxLength: 4 })
    case 'object':
      return objectOf(schema, depth)
    default:
      return nastyScalar
  }
}

/** The schema's own keys, each plausible or nasty, some left out, sometimes a stranger added. */
function objectOf(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.entries(schema.properties ?? {})
  const fields = Object.fromEntries(
    keys.map(([key, inner]) => [
      key,
      fc.oneof({ weight: 3, arbitrary: plausible(inner, depth + 1) }, { weight: 2, arbitrary: nastyValue }),
    ]),
  )
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom(...NASTY_STRINGS.filter(Boolean)), nastyValue), { freq: 4 }),
    )
    .map(([record, extra]) => (extra ? { ...record, [extra[0]]: extra[1] } : record))
}

export type FuzzCase = {
  path: Record<string, string>
  query: Record<string, string> | string
  body: unknown
}

function pathParameters(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_]+)|\*/g)].map((match) => match[1] ?? '*')
}

const pathValue = fc.oneof(
  fc.uuid(),
  nastyString.filter((value) => value.length < 2_000),
  fc.integer().map(String),
)

const queryValue = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 3, arbitrary: nastyString.filter((value) => value.length < 4_000) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_NUMBERS).map(String) },
)

export function caseArbitrary(route: RegisteredRoute): fc.Arbitrary<FuzzCase> {
  const schema = route.options.schema as { body?: unknown; querystring?: unknown } | undefined
  const bodySchema = jsonSchemaOf(schema?.body)
  const querySchema = jsonSchemaOf(schema?.querystring)
  const path = fc.record(Object.fromEntries(pathParameters(route.url).map((name) => [name, pathValue])))
  const queryKeys = Object.keys(querySchema?.properties ?? {})
  const query: fc.Arbitrary<FuzzCase['query']> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .record(Object.fromEntries(queryKeys.map((key) => [key, queryValue])), { requiredKeys: [] })
        .map((record) => record as Record<string, string>),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('a[b][c]=1&a[b][d]=2', 'page=1&page=2&page=x', '%ZZ=%00', '=&&='),
    },
  )
  const body = bodySchema
    ? fc.oneof({ weight: 4, arbitrary: plausible(bodySchema) }, { weight: 1, arbitrary: nastyValue })
    : fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: nastyValue })
  return fc.record({ path, query, body })
}

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser would send it). */
function encodePathSegment(value: string): string {
  const bytes = [...Buffer.from(value, 'utf8')]
  const encoded = bytes
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) && byte < 128
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('')
  return encoded || '%20'
}

export function requestFor(route: RegisteredRoute, fuzz: FuzzCase): InjectOptions {
  let url = route.url
  for (const [name, value] of Object.entries(fuzz.path)) {
    const encoded = encodePathSegment(value)
    url = name === '*' ? url.replace('*', encoded) : url.replace(`:${name}`, encoded)
  }
  const query = typeof fuzz.query === 'string' ? fuzz.query : new URLSearchParams(fuzz.query).toString()
  if (query) url += `?${query}`
  const sendsBody = route.method !== 'GET' && route.method !== 'DELETE' && fuzz.body !== undefined
  return {
    method: route.method as InjectOptions['method'],
    url,
    ...(sendsBody
      ? {
          payload: fuzz.body instanceof RawJson ? fuzz.body.text : JSON.stringify(fuzz.body),
          headers: { 'content-type': 'application/json' },
        }
      : {}),
  }
}

/** What no answer may ever contain: a stack frame or a source path. */
const LEAK = /\bat [^\s]+ \(|\.ts:\d+:\d+|node_modules|ECONNREFUSED|syntax error at or near/i

export type Violation = { route: string; request: string; status: number; body: string }

export function violationOf(
  route: RegisteredRoute,
  request: InjectOptions,
  response: LightMyRequestResponse,
): Violation | null {
  if (response.statusCode < 500 && !LEAK.test(response.body)) return null
  return {
    route: `${route.method} ${route.url}`,
    request: `${request.method} ${String(request.url).slice(0, 300)} ${String(request.payload ?? '').slice(0, 300)}`,
    status: response.statusCode,
    body: response.body.slice(0, 500),
  }
}

/** Any path no route claims: the SPA fallback and the not-found answer (static files are routes of their own). */
export const UNROUTED_PATHS: RegisteredRoute = {
  method: 'GET',
  url: '/*',
  options: { method: 'GET', url: '/*', handler: () => undefined },
}

/**
 * The routes the suite fuzzes: every one the portal serves (its API, its OAuth server, the static app, the
 * stand-ins mounted in demo mode), plus any path none of them claims; not the API docs (a third-party UI).
 */
export function fuzzableRoutes(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
  return [
    ...routes.filter(
      (route) => !route.url.startsWith('/api/docs') && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    ),
    UNROUTED_PATHS,
  ]
}

/** Names every object has: as an id, a key or a path segment they must be an unknown value like any other. */
const BUILT_IN_KEYS = ['__proto__', 'constructor', 'toString']

/** What a client may write into X-Forwarded-For (the portal trusts one hop, as behind an ingress). */
const FORWARDED_FOR = [
  'unknown, not-an-address',
  `127.0.0.1, ::1, ${Array.from({ length: 80 }, (_, index) => `10.0.${index}.1`).join(', ')}`,
]

/** Years a date parser or PostgreSQL may choke on. */
const EXTREME_DATES = ['99999-01-01', '-000001-01-01', '0000-01-01']
const DATE_KEY = /date|from|to$|since|until|start|end|before|after|year|month|day/i
const ANY_ID = '00000000-0000-4000-8000-000000000000'

/** A value a path parameter's schema takes (its enum's first value, a UUID, or a word), to reach the handler. */
function usualValue(schema: JsonSchema | undefined): string {
  if (schema?.enum?.length) return String(schema.enum[0])
  if (schema?.const !== undefined) return String(schema.const)
  return schema?.format === 'uuid' ? ANY_ID : 'x1'
}

function fillPath(url: string, value: (name: string) => string): string {
  let filled = url
  for (const name of pathParameters(url)) {
    const encoded = encodePathSegment(value(name))
    filled = name === '*' ? filled.replace('*', encoded) : filled.replace(`:${name}`, encoded)
  }
  return filled
}

/**
 * The same hostile shapes for every route: NUL bytes in the path, query and body (JSON and form), names of
 * object members as path segments and keys, forged X-Forwarded-For chains, and years out of range in date
 * parameters. Deterministic, so a failure names its request.
 */
export function hostileRequests(route: RegisteredRoute): InjectOptions[] {
  const method = route.method as InjectOptions['method']
  const schema = route.options.schema as { querystring?: unknown; params?: unknown } | undefined
  const paramSchemas = jsonSchemaOf(schema?.params)?.properties ?? {}
  const params = pathParameters(route.url)
  const usual = (name: string) => usualValue(paramSchemas[name])
  const base = fillPath(route.url, usual)
  // One parameter at a time holds the hostile value; the others hold what their schema takes.
  const eachParam = (value: string) =>
    params.map((target) => ({
      method,
      url: fillPath(route.url, (name) => (name === target ? value : usual(name))),
    }))
  const queryKeys = Object.keys(jsonSchemaOf(schema?.querystring)?.properties ?? {})
  const dateKeys = queryKeys.filter((key) => DATE_KEY.test(key))
  const sendsBody = route.method !== 'GET' && route.method !== 'DELETE'
  const json = (text: string): InjectOptions => ({
    method,
    url: base,
    payload: text,
    headers: { 'content-type': 'application/json' },
  })
  const form = (text: string): InjectOptions => ({
    method,
    url: base,
    payload: text,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  const requests: InjectOptions[] = [
    // NUL bytes.
    ...eachParam('a\u0000b'),
    { method, url: `${base}?${[...queryKeys, 'q'].map((key) => `${key}=a%00b`).join('&')}` },
    { method, url: `${base.replace(/\/$/, '')}/%00/x%00y` },
    ...(sendsBody ? [json('{"a\\u0000":"b","x":"\\u0000"}'), form('a=%00&b%00=1')] : []),
    // Names of object members.
    ...BUILT_IN_KEYS.flatMap(eachParam),
    { method, url: `${base}?__proto__=1&constructor=x&toString=x&__proto__[admin]=1&valueOf=` },
    ...(sendsBody
      ? [
          json('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"toString":"x","valueOf":1}'),
          form('__proto__[admin]=1&constructor[prototype][x]=1&toString=x&hasOwnProperty=1'),
        ]
      : []),
    // Forged client addresses.
    ...FORWARDED_FOR.map((value) => ({ method, url: base, headers: { 'x-forwarded-for': value } })),
    // Years out of range, in the route's own date parameters (and the usual names when it declares none).
    ...EXTREME_DATES.map((date) => {
      const keys = dateKeys.length > 0 ? dateKeys : ['from', 'to', 'date']
      return { method, url: `${base}?${keys.map((key) => `${key}=${encodeURIComponent(date)}`).join('&')}` }
    }),
  ]
  // Unrouted paths are what browsers ask for pages: also with the HTML Accept header the SPA fallback reads.
  if (route === UNROUTED_PATHS)
    return [
      ...requests,
      ...['/app/x%00y', '/__proto__', '/assets/constructor', '/%00?x=%00', '/app/toString'].map((url) => ({
        method,
        url,
        headers: { accept: 'text/html' },
      })),
    ]
  return requests
}

/** Who calls a route: one signed-in persona per family of access, and anonymous callers. */
export const FUZZ_PERSONAS: readonly DemoPersona[] = ['ACO_ADMIN', 'ADMIN', 'AGENT_USER', 'PHYSICIAN_ADMIN']

export class FuzzCallers {
  private readonly clients = new Map<DemoPersona, TestClient>()
  private address = 0
  constructor(private readonly app: FastifyInstance) {}

  private nextAddress(): string {
    this.address += 1
    return `10.${(this.address >> 16) & 255}.${(this.address >> 8) & 255}.${this.address & 255}`
  }

  anonymous(): TestClient {
    return createClient(this.app, { ip: this.nextAddress() })
  }

  /** A signed-in client, signed in again if a fuzzed call ended its session. */
  async as(persona: DemoPersona): Promise<TestClient> {
    const known = this.clients.get(persona)
    if (known) {
      const check = await known.request({ method: 'GET', url: '/api/jwt/verify/' })
      if (check.statusCode === 200) return known
    }
    const client = createClient(this.app, { ip: this.nextAddress() })
    const response = await client.login(demoUser(persona).email, DEMO_PASSWORD)
    if (response.statusCode !== 200) throw new Error(`fuzz: sign-in as ${persona} failed: ${response.body}`)
    this.clients.set(persona, client)
    return client
  }
}

/**
 * Tables whose rows a refused call may legitimately add: a refused sign-in counts toward the lockout, and
 * refusals that matter (a denied patient read, a failed sign-in) are audited.
 */
const WRITTEN_ON_REFUSAL = new Set(['login_attempt_windows', 'audit_log'])

/** Row counts of every table of ours, to prove that refused calls changed nothing. */
const countedTables = new WeakMap<FastifyInstance, Promise<string[]>>()

/** The tables whose row counts a refused call must leave alone, read once per app (pg_catalog: the
 * information_schema views cost PGlite close to a second a read). */
function tablesToCount(app: FastifyInstance): Promise<string[]> {
  let tables = countedTables.get(app)
  if (!tables) {
    tables = (
      app.ctx.db.execute(
        sql`select tablename as name from pg_catalog.pg_tables where schemaname = 'public' order by tablename`,
      ) as unknown as Promise<{ rows: { name: string }[] }>
    ).then(({ rows }) =>
      rows
        .map((row) => row.name)
        // audit_log_YYYY_MM and audit_log_default are the audit log's monthly partitions.
        .filter(
          (name) =>
            !WRITTEN_ON_REFUSAL.has(name) && !name.startsWith('audit_log_') && !name.startsWith('__drizzle'),
        ),
    )
    countedTables.set(app, tables)
  }
  return tables
}

/** Every counted table's rows, in one statement. */
export async function tableCounts(app: FastifyInstance): Promise<Map<string, number>> {
  const tables = await tablesToCount(app)
  const columns = tables.map((name, index) => `(select count(*)::int from "${name}") as c${index}`).join(', ')
  const result = (await app.ctx.db.execute(sql.raw(`select ${columns}`))) as unknown as {
    rows: Record<string, number>[]
  }
  const row = result.rows[0] ?? {}
  return new Map(tables.map((name, index) => [name, Number(row[`c${index}`] ?? 0)]))
}

export type RouteReport = { route: string; cases: number; statuses: Record<number, number> }

export type FuzzOptions = { casesPerRoute: number; seed: number }

/**
 * The first fuzz persona (ADMIN first) the route lets past its access rule (not 401 or 403), or
 * null when none is let in (public routes are called anonymously). The probe's answers count like any other.
 */
async function personaPastAccess(
  callers: FuzzCallers,
  route: RegisteredRoute,
  probe: InjectOptions | undefined,
  statuses: Record<number, number>,
): Promise<DemoPersona | null> {
  if (!probe || route.options.config?.access === 'public' || route === UNROUTED_PATHS) return null
  for (const persona of ['ADMIN', ...FUZZ_PERSONAS.filter((p) => p !== 'ADMIN')] as DemoPersona[]) {
    const response = await (await callers.as(persona)).request({ method: probe.method, url: probe.url })
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
    if (response.statusCode !== 401 && response.statusCode !== 403) return persona
  }
  return null
}

/** Fuzzes one route; returns what broke (empty when nothing did) and the statuses seen. */
export async function fuzzRoute(
  app: FastifyInstance,
  callers: FuzzCallers,
  route: RegisteredRoute,
  options: FuzzOptions,
): Promise<{ violations: Violation[]; report: RouteReport }> {
  const cases = fc.sample(caseArbitrary(route), { numRuns: options.casesPerRoute, seed: options.seed })
  const before = await tableCounts(app)
  const violations: Violation[] = []
  const statuses: Record<number, number> = {}
  for (const [index, fuzz] of cases.entries()) {
    const caller =
      index % (FUZZ_PERSONAS.length + 1) === FUZZ_PERSONAS.length
        ? callers.anonymous()
        : await callers.as(FUZZ_PERSONAS[index % (FUZZ_PERSONAS.length + 1)] as DemoPersona)
    const request = requestFor(route, fuzz)
    const response = await caller.request(request)
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
    const violation = violationOf(route, request, response)
    if (violation) violations.push(violation)
  }
  const hostile = hostileRequests(route)
  const persona = await personaPastAccess(callers, route, hostile[0], statuses)
  for (const [index, request] of hostile.entries()) {
    // Mostly as someone the route lets in (so the handler sees the input), now and then anonymously.
    const caller = persona && index % 4 !== 3 ? await callers.as(persona) : callers.anonymous()
    const response = await caller.request(request)
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
    const violation = violationOf(route, request, response)
    if (violation) violations.push(violation)
  }
  const allRefused = Object.keys(statuses).every((status) => Number(status) >= 400)
  if (allRefused) {
    const after = await tableCounts(app)
    for (const [table, count] of after) {
      if (before.get(table) !== count)
        violations.push({
          route: `${route.method} ${route.url}`,
          request: `${cases.length} refused calls`,
          status: 0,
          body: `table ${table} went from ${before.get(table)} to ${count} rows`,
        })
    }
  }
  return {
    violations,
    report: { route: `${route.method} ${route.url}`, cases: cases.length + hostile.length, statuses },
  }
}
