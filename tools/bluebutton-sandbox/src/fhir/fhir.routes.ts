import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context.ts'
import type { FhirResource, JsonObject } from '../synthetic/fhir.ts'
import { queryAll, queryParams, routeBothSlashes } from '../http.ts'
import { type FhirResourceType, grantsResource } from '../oauth/scopes.ts'
import { fhirEndpointUrl, searchBundle } from './bundle.ts'
import { authenticateCaller, type Caller, FORBIDDEN } from './guard.ts'
import {
  type DateFilter,
  matchesDates,
  parseCount,
  parseDateFilters,
  parseStartIndex,
  parseTypes,
} from './search-params.ts'

const gzipAsync = promisify(gzip)
const FHIR_JSON = 'application/fhir+json; charset=utf-8'
const NOT_FOUND = 'Not found.'

async function sendFhir(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  body: JsonObject,
): Promise<FastifyReply> {
  const json = JSON.stringify(body)
  reply.code(200).type(FHIR_JSON).header('cache-control', 'no-store')
  // Blue Button compresses payloads of 1 KB and more when asked.
  if (
    ctx.options.gzip &&
    json.length >= 1024 &&
    /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
  ) {
    return reply
      .header('content-encoding', 'gzip')
      .header('vary', 'Accept-Encoding')
      .send(await gzipAsync(json))
  }
  return reply.send(json)
}

const fail = (reply: FastifyReply, status: number, detail: string): FastifyReply =>
  reply.code(status).send({ detail })

async function caller(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  resource: FhirResourceType,
): Promise<Caller | undefined> {
  const who = await authenticateCaller(ctx, request, reply)
  if (!who) return undefined
  if (!grantsResource(who.token.scopes, resource)) {
    fail(reply, 403, FORBIDDEN)
    return undefined
  }
  return who
}

type CommonSearch = { count: number; startIndex: number; lastUpdated: DateFilter[] }

function commonSearch(request: FastifyRequest, reply: FastifyReply): CommonSearch | undefined {
  const q = queryParams(request)
  const count = parseCount(q['_count'] ?? q['count'])
  const startIndex = parseStartIndex(q['startIndex'])
  const lastUpdated = parseDateFilters('_lastUpdated', queryAll(request, '_lastUpdated'))
  for (const r of [count, startIndex, lastUpdated]) {
    if (!r.ok) {
      fail(reply, 400, r.detail)
      return undefined
    }
  }
  if (!count.ok || !startIndex.ok || !lastUpdated.ok) return undefined
  return { count: count.value, startIndex: startIndex.value, lastUpdated: lastUpdated.value }
}

const lastUpdatedMs = (r: FhirResource): number =>
  Date.parse(String((r['meta'] as JsonObject | undefined)?.['lastUpdated'] ?? ''))
const serviceStartMs = (r: FhirResource): number =>
  Date.parse(`${String((r['billablePeriod'] as JsonObject | undefined)?.['start'] ?? '')}T00:00:00Z`)
const dateParams = (name: string, filters: readonly DateFilter[]): [string, string][] =>
  filters.map((f) => [name, f.raw])
const claimTypeOf = (id: string): string => id.slice(0, id.indexOf('-'))

function registerPatient(app: FastifyInstance, ctx: SandboxContext): void {
  routeBothSlashes(app, 'GET', '/v2/fhir/Patient/', async (request, reply) => {
    const who = await caller(ctx, request, reply, 'Patient')
    if (!who) return reply
    const search = commonSearch(request, reply)
    if (!search) return reply
    const q = queryParams(request)
    const { patientId } = who.beneficiary
    // _id / identifier may name only the token's own enrollee (Blue Button answers 404 otherwise).
    if (
      (q['_id'] !== undefined && q['_id'] !== patientId) ||
      (q['identifier'] !== undefined && !q['identifier'].endsWith(patientId))
    ) {
      return fail(reply, 404, NOT_FOUND)
    }
    const matches = [who.beneficiary.patient].filter((r) =>
      matchesDates(lastUpdatedMs(r), search.lastUpdated),
    )
    const params: [string, string][] = [['_id', patientId], ...dateParams('_lastUpdated', search.lastUpdated)]
    return sendFhir(
      ctx,
      request,
      reply,
      searchBundle({
        endpoint: fhirEndpointUrl(ctx, request, '/v2/fhir/Patient'),
        matches,
        paging: search,
        params,
        now: new Date(ctx.nowMs()),
      }),
    )
  })
  app.get('/v2/fhir/Patient/:id', async (request, reply) => {
    const who = await caller(ctx, request, reply, 'Patient')
    if (!who) return reply
    const { id } = request.params as { id: string }
    return id === who.beneficiary.patientId
      ? sendFhir(ctx, request, reply, who.beneficiary.patient)
      : fail(reply, 404, NOT_FOUND)
  })
}

function registerCoverage(app: FastifyInstance, ctx: SandboxContext): void {
  routeBothSlashes(app, 'GET', '/v2/fhir/Coverage/', async (request, reply) => {
    const who = await caller(ctx, request, reply, 'Coverage')
    if (!who) return reply
    const search = commonSearch(request, reply)
    if (!search) return reply
    const { patientId } = who.beneficiary
    const beneficiary = queryParams(request)['beneficiary']
    if (beneficiary !== undefined && !beneficiary.endsWith(patientId)) return fail(reply, 403, FORBIDDEN)
    const matches = who.beneficiary.coverage.filter((r) => matchesDates(lastUpdatedMs(r), search.lastUpdated))
    const params: [string, string][] = [
      ['beneficiary', `Patient/${patientId}`],
      ...dateParams('_lastUpdated', search.lastUpdated),
    ]
    return sendFhir(
      ctx,
      request,
      reply,
      searchBundle({
        endpoint: fhirEndpointUrl(ctx, request, '/v2/fhir/Coverage'),
        matches,
        paging: search,
        params,
        now: new Date(ctx.nowMs()),
      }),
    )
  })
  app.get('/v2/fhir/Coverage/:id', async (request, reply) => {
    const who = await caller(ctx, request, reply, 'Coverage')
    if (!who) return reply
    const { id } = request.params as { id: string }
    if (!/^part-[abcd]--?\d+$/.test(id)) return upstreamBadId(reply, id)
    const found = who.beneficiary.coverage.find((r) => r.id === id)
    return found ? sendFhir(ctx, request, reply, found) : fail(reply, 404, NOT_FOUND)
  })
}

// Blue Button passes BFD's 4xx through as a 400 with the upstream diagnostics in the message.
const upstreamBadId = (reply: FastifyReply, id: string): FastifyReply =>
  fail(
    reply,
    400,
    `An error occurred contacting the upstream server:Failed to call access method: java.lang.IllegalArgumentException: Unsupported ID pattern: ${id}`,
  )

function registerEob(app: FastifyInstance, ctx: SandboxContext): void {
  routeBothSlashes(app, 'GET', '/v2/fhir/ExplanationOfBenefit/', async (request, reply) => {
    const who = await caller(ctx, request, reply, 'ExplanationOfBenefit')
    if (!who) return reply
    const search = commonSearch(request, reply)
    if (!search) return reply
    const q = queryParams(request)
    const { patientId } = who.beneficiary
    if (q['patient'] !== undefined && q['patient'] !== patientId) return fail(reply, 403, FORBIDDEN)
    const types = parseTypes(q['type'])
    const serviceDate = parseDateFilters('service-date', queryAll(request, 'service-date'))
    if (!types.ok) return fail(reply, 400, types.detail)
    if (!serviceDate.ok) return fail(reply, 400, serviceDate.detail)
    const wanted = types.value ? new Set<string>(types.value) : undefined
    const matches = who.beneficiary
      .eobs()
      .filter(
        (r) =>
          (!wanted || wanted.has(claimTypeOf(r.id))) &&
          matchesDates(lastUpdatedMs(r), search.lastUpdated) &&
          matchesDates(serviceStartMs(r), serviceDate.value),
      )
    const params: [string, string][] = [
      ['patient', patientId],
      ...(q['type'] ? ([['type', q['type']]] as [string, string][]) : []),
      ...dateParams('_lastUpdated', search.lastUpdated),
      ...dateParams('service-date', serviceDate.value),
    ]
    return sendFhir(
      ctx,
      request,
      reply,
      searchBundle({
        endpoint: fhirEndpointUrl(ctx, request, '/v2/fhir/ExplanationOfBenefit'),
        matches,
        paging: search,
        params,
        now: new Date(ctx.nowMs()),
      }),
    )
  })
  app.get('/v2/fhir/ExplanationOfBenefit/:id', async (request, reply) => {
    const who = await caller(ctx, request, reply, 'ExplanationOfBenefit')
    if (!who) return reply
    const { id } = request.params as { id: string }
    if (!/^(carrier|dme|hha|hospice|inpatient|outpatient|pde|snf)--?\d+$/.test(id))
      return upstreamBadId(reply, id)
    const found = who.beneficiary.eobs().find((r) => r.id === id)
    return found ? sendFhir(ctx, request, reply, found) : fail(reply, 404, NOT_FOUND)
  })
}

function registerUserinfo(app: FastifyInstance, ctx: SandboxContext): void {
  routeBothSlashes(app, ['GET', 'POST'], '/v2/connect/userinfo', async (request, reply) => {
    const who = await authenticateCaller(ctx, request, reply)
    if (!who) return reply
    if (!who.token.scopes.includes('profile')) return fail(reply, 403, FORBIDDEN)
    const b = who.beneficiary
    return reply
      .code(200)
      .header('cache-control', 'no-store')
      .send({
        sub: b.patientId,
        name: `${b.name.given} ${b.name.family}`.trim(),
        given_name: b.name.given,
        family_name: b.name.family,
        email: b.email,
        iat: new Date(ctx.nowMs()).toISOString(),
        patient: b.patientId,
      })
  })
}

export function registerFhirRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerPatient(app, ctx)
  registerCoverage(app, ctx)
  registerEob(app, ctx)
  registerUserinfo(app, ctx)
}
