import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { SandboxContext } from '../context.ts'
import type { FhirResource, JsonObject } from '../synthetic/fhir.ts'
import { queryAll, queryParams, routeBothSlashes } from '../http.ts'
import { type FhirResourceType, grantsResource } from '../oauth/scopes.ts'
import { coverageOfV3, eobOfV3, patientOfV3 } from '../synthetic/v3/index.ts'
import { API_VERSIONS, type ApiVersion } from '../versions.ts'
import { fhirEndpointUrl, searchBundle } from './bundle.ts'
import { authenticateCaller, type Caller, FORBIDDEN } from './guard.ts'
import { isPart2Claim, PART2_LABEL } from './part2.ts'
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

// Permission failures are Blue Button's own (DRF `{detail}`) in every version.
const fail = (reply: FastifyReply, status: number, detail: string): FastifyReply =>
  reply.code(status).send({ detail })

// What came from BFD: v2 wraps it as `{detail}`; v3 passes BFD's OperationOutcome and status through.
function upstream(v: ApiVersion, reply: FastifyReply, status: number, detail: string): FastifyReply {
  if (v === 'v2') return fail(reply, status, detail)
  const code = status === 404 ? 'not-found' : 'processing'
  return reply
    .code(status)
    .type(FHIR_JSON)
    .send({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code, diagnostics: detail }] })
}

async function caller(
  ctx: SandboxContext,
  request: FastifyRequest,
  reply: FastifyReply,
  resource: FhirResourceType,
  v: ApiVersion,
): Promise<Caller | undefined> {
  const who = await authenticateCaller(ctx, request, reply)
  if (!who) return undefined
  if (!grantsResource(who.token.scopes, resource)) {
    fail(reply, 403, FORBIDDEN)
    return undefined
  }
  // Blue Button refuses every v1/v2 EOB call of a token whose enrollee kept Part 2 records private (v2 cannot
  // filter them), with DRF's plain permission message.
  if (resource === 'ExplanationOfBenefit' && v !== 'v3' && !who.token.includePart2) {
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

// Each version answers in its own shapes: v3 as BFD's v3 server, built from the v2 resources.
const patientOf = (who: Caller, v: ApiVersion): FhirResource =>
  v === 'v3' ? patientOfV3(who.beneficiary.patient) : who.beneficiary.patient
const coverageOf = (who: Caller, v: ApiVersion): readonly FhirResource[] =>
  v === 'v3' ? coverageOfV3(who.beneficiary.coverage) : who.beneficiary.coverage

function registerPatient(app: FastifyInstance, ctx: SandboxContext, v: ApiVersion): void {
  routeBothSlashes(app, 'GET', `/${v}/fhir/Patient/`, async (request, reply) => {
    const who = await caller(ctx, request, reply, 'Patient', v)
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
      return upstream(v, reply, 404, NOT_FOUND)
    }
    const matches = [patientOf(who, v)].filter((r) => matchesDates(lastUpdatedMs(r), search.lastUpdated))
    const params: [string, string][] = [['_id', patientId], ...dateParams('_lastUpdated', search.lastUpdated)]
    return sendFhir(
      ctx,
      request,
      reply,
      searchBundle({
        endpoint: fhirEndpointUrl(ctx, request, `/${v}/fhir/Patient`),
        matches,
        paging: search,
        params,
        now: new Date(ctx.nowMs()),
      }),
    )
  })
  app.get(`/${v}/fhir/Patient/:id`, async (request, reply) => {
    const who = await caller(ctx, request, reply, 'Patient', v)
    if (!who) return reply
    const { id } = request.params as { id: string }
    return id === who.beneficiary.patientId
      ? sendFhir(ctx, request, reply, patientOf(who, v))
      : upstream(v, reply, 404, NOT_FOUND)
  })
}

// v3 adds the Medicaid side of a dual-eligible enrollee as a Coverage of its own, and names a Part C or D
// Coverage after its plan (`part-c-{patient}-{contract}-{plan}`).
const COVERAGE_ID: Record<ApiVersion, RegExp> = {
  v2: /^part-[abcd]--?\d+$/,
  v3: /^(part-[abcd]|dual)--?\d+(-[A-Z0-9]{5}-\d{3})?$/,
}

function registerCoverage(app: FastifyInstance, ctx: SandboxContext, v: ApiVersion): void {
  routeBothSlashes(app, 'GET', `/${v}/fhir/Coverage/`, async (request, reply) => {
    const who = await caller(ctx, request, reply, 'Coverage', v)
    if (!who) return reply
    const search = commonSearch(request, reply)
    if (!search) return reply
    const { patientId } = who.beneficiary
    const beneficiary = queryParams(request)['beneficiary']
    if (beneficiary !== undefined && !beneficiary.endsWith(patientId)) return fail(reply, 403, FORBIDDEN)
    const matches = coverageOf(who, v).filter((r) => matchesDates(lastUpdatedMs(r), search.lastUpdated))
    const params: [string, string][] = [
      ['beneficiary', `Patient/${patientId}`],
      ...dateParams('_lastUpdated', search.lastUpdated),
    ]
    return sendFhir(
      ctx,
      request,
      reply,
      searchBundle({
        endpoint: fhirEndpointUrl(ctx, request, `/${v}/fhir/Coverage`),
        matches,
        paging: search,
        params,
        now: new Date(ctx.nowMs()),
      }),
    )
  })
  app.get(`/${v}/fhir/Coverage/:id`, async (request, reply) => {
    const who = await caller(ctx, request, reply, 'Coverage', v)
    if (!who) return reply
    const { id } = request.params as { id: string }
    if (!COVERAGE_ID[v].test(id)) return upstreamBadId(v, reply, id)
    const found = coverageOf(who, v).find((r) => r.id === id)
    return found ? sendFhir(ctx, request, reply, found) : upstream(v, reply, 404, NOT_FOUND)
  })
}

// v2 turns BFD's 4xx into a 400 with the upstream diagnostics in the message; v3 passes BFD's outcome on.
const BAD_ID = 'Failed to call access method: java.lang.IllegalArgumentException: Unsupported ID pattern: '
const upstreamBadId = (v: ApiVersion, reply: FastifyReply, id: string): FastifyReply =>
  v === 'v2'
    ? fail(reply, 400, `An error occurred contacting the upstream server:${BAD_ID}${id}`)
    : upstream(v, reply, 400, `${BAD_ID}${id}`)

// What v3 shows a token: every claim, or, when the enrollee kept Part 2 records private, all but those.
function visibleEobs(who: Caller, v: ApiVersion): readonly FhirResource[] {
  const all = who.beneficiary.eobs()
  const visible = who.token.includePart2 ? all : all.filter((r) => !isPart2Claim(r))
  return v === 'v3' ? visible.map(eobOfV3) : visible
}

function registerEob(app: FastifyInstance, ctx: SandboxContext, v: ApiVersion): void {
  routeBothSlashes(app, 'GET', `/${v}/fhir/ExplanationOfBenefit/`, async (request, reply) => {
    const who = await caller(ctx, request, reply, 'ExplanationOfBenefit', v)
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
    const matches = visibleEobs(who, v).filter(
      (r) =>
        (!wanted || wanted.has(claimTypeOf(r.id))) &&
        matchesDates(lastUpdatedMs(r), search.lastUpdated) &&
        matchesDates(serviceStartMs(r), serviceDate.value),
    )
    // Blue Button adds the exclusion to the search it sends BFD, so the Bundle's links carry it.
    const excluded: [string, string][] = who.token.includePart2 ? [] : [['_security:not', PART2_LABEL]]
    const params: [string, string][] = [
      ['patient', patientId],
      ...excluded,
      ...(q['type'] ? ([['type', q['type']]] as [string, string][]) : []),
      ...dateParams('_lastUpdated', search.lastUpdated),
      ...dateParams('service-date', serviceDate.value),
    ]
    return sendFhir(
      ctx,
      request,
      reply,
      searchBundle({
        endpoint: fhirEndpointUrl(ctx, request, `/${v}/fhir/ExplanationOfBenefit`),
        matches,
        paging: search,
        params,
        now: new Date(ctx.nowMs()),
      }),
    )
  })
  app.get(`/${v}/fhir/ExplanationOfBenefit/:id`, async (request, reply) => {
    const who = await caller(ctx, request, reply, 'ExplanationOfBenefit', v)
    if (!who) return reply
    const { id } = request.params as { id: string }
    if (!/^(carrier|dme|hha|hospice|inpatient|outpatient|pde|snf)--?\d+$/.test(id))
      return upstreamBadId(v, reply, id)
    const found = visibleEobs(who, v).find((r) => r.id === id)
    return found ? sendFhir(ctx, request, reply, found) : upstream(v, reply, 404, NOT_FOUND)
  })
}

function registerUserinfo(app: FastifyInstance, ctx: SandboxContext, v: ApiVersion): void {
  routeBothSlashes(app, ['GET', 'POST'], `/${v}/connect/userinfo`, async (request, reply) => {
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
  for (const v of API_VERSIONS) {
    registerPatient(app, ctx, v)
    registerCoverage(app, ctx, v)
    registerEob(app, ctx, v)
    registerUserinfo(app, ctx, v)
  }
}
