// FHIR R4 reads against /v2/fhir or /v3/fhir: search URLs, paging by following `next` verbatim, token handling.
import type { ResolvedConfig } from '../config.ts'
import { BlueButtonError, classifyDataError } from '../errors.ts'
import { getWithRetry } from '../http.ts'
import { asObject, asObjects, asString, type JsonObject } from '../map/json.ts'
import type { ExplanationOfBenefitType } from '../map/types.ts'

/**
 * A bearer token, or a function returning the current one. With a function the client asks again
 * after a 401 (passing the rejected token) and retries once, so a long paging loop can survive the
 * 1-hour token lifetime; the function is where the caller refreshes (serialised, rotation stored).
 */
export type AccessTokenSource = string | ((rejected: string | null) => string | Promise<string>)

export type FhirResource = JsonObject & { resourceType: string }

export interface BundlePage {
  /** 1-based page number within this iteration. */
  pageNumber: number
  /** The URL this page was fetched from. */
  url: string
  /** Bundle.total when the server gave it (Blue Button does), for progress. */
  total: number | null
  resources: FhirResource[]
  /** `link[relation=next].url`, followed verbatim; null on the last page. */
  nextUrl: string | null
  /** `link[relation=self].url` as the server gave it. */
  selfUrl: string | null
  /**
   * True when the search Blue Button actually ran excluded 42 CFR Part 2 (substance use) claims: on v3,
   * for an enrollee who left "share alcohol & substance use information" unchecked, Blue Button adds
   * `_security:not=42CFRPart2` to the EOB search, and the Bundle's self link carries it.
   */
  excludesPart2: boolean
}

/** Blue Button's exclusion of 42 CFR Part 2 (SAMHSA) claims, as a search parameter and value. */
export const PART2_EXCLUSION_PARAMETER = '_security:not'
export const PART2_SECURITY_LABEL = '42CFRPart2'

/** Whether a search URL excludes 42 CFR Part 2 claims. */
export function urlExcludesPart2(url: string | null): boolean {
  if (!url) return false
  try {
    return new URL(url).searchParams
      .getAll(PART2_EXCLUSION_PARAMETER)
      .some((value) => value.split(',').includes(PART2_SECURITY_LABEL))
  } catch {
    return false
  }
}

export interface ExplanationOfBenefitSearch {
  /** Claim types to fetch; omitted = all eight. Sent lower-case as a comma list. */
  types?: readonly ExplanationOfBenefitType[]
  /** Incremental pulls: only resources updated after this instant (`_lastUpdated=gt…`). */
  lastUpdatedAfter?: Date | string
  /** `service-date` bounds on the billable period (YYYY-MM-DD). */
  serviceDateFrom?: string
  serviceDateTo?: string
  /** Page size, 1–50; default 50 (Blue Button's maximum). */
  count?: number
}

export interface CoverageSearch {
  lastUpdatedAfter?: Date | string
  count?: number
}

export const MAX_PAGE_SIZE = 50

const FHIR_HEADERS = { accept: 'application/fhir+json', 'accept-encoding': 'gzip' }

export function explanationOfBenefitUrl(
  config: ResolvedConfig,
  search: ExplanationOfBenefitSearch = {},
): string {
  const url = new URL('ExplanationOfBenefit', config.endpoints.fhirBase)
  url.searchParams.set('_count', String(pageSize(search.count)))
  if (search.types && search.types.length > 0) {
    url.searchParams.set('type', [...new Set(search.types)].map((type) => type.toLowerCase()).join(','))
  }
  addLastUpdated(url, search.lastUpdatedAfter)
  addServiceDate(url, 'ge', search.serviceDateFrom)
  addServiceDate(url, 'le', search.serviceDateTo)
  return url.href
}

export function coverageUrl(config: ResolvedConfig, search: CoverageSearch = {}): string {
  const url = new URL('Coverage', config.endpoints.fhirBase)
  url.searchParams.set('_count', String(pageSize(search.count)))
  addLastUpdated(url, search.lastUpdatedAfter)
  return url.href
}

function pageSize(count: number | undefined): number {
  const size = count ?? MAX_PAGE_SIZE
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new RangeError(`count must be an integer from 1 to ${MAX_PAGE_SIZE}`)
  }
  return size
}

// FHIR date or dateTime (offset with a colon); anything else is a 400 upstream, so refuse it here.
const FHIR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/
const FHIR_DATE = /^\d{4}-\d{2}-\d{2}$/

function addLastUpdated(url: URL, after: Date | string | undefined): void {
  if (after === undefined) return
  const instant = after instanceof Date ? after.toISOString().replace(/\.\d{3}Z$/, 'Z') : after
  if (!FHIR_DATE_TIME.test(instant) || Number.isNaN(Date.parse(instant))) {
    throw new RangeError(
      'lastUpdatedAfter must be a Date or a FHIR dateTime such as 2024-01-01T00:00:00-05:00',
    )
  }
  // The prefix is mandatory: without it Blue Button answers 400 (historically 502).
  url.searchParams.set('_lastUpdated', `gt${instant}`)
}

function addServiceDate(url: URL, prefix: 'ge' | 'le', date: string | undefined): void {
  if (date === undefined) return
  if (!FHIR_DATE.test(date)) throw new RangeError('service dates must be YYYY-MM-DD')
  url.searchParams.append('service-date', `${prefix}${date}`)
}

async function currentToken(source: AccessTokenSource, rejected: string | null): Promise<string> {
  return typeof source === 'string' ? source : source(rejected)
}

/** GET a FHIR or userinfo URL as JSON, retrying transient failures and refreshing once on 401. */
export async function getJson(
  config: ResolvedConfig,
  url: string,
  tokenSource: AccessTokenSource,
  options: { endpoint: 'fhir' | 'userinfo'; scopeSensitive: boolean },
): Promise<unknown> {
  let token = await currentToken(tokenSource, null)
  for (let attempt = 1; ; attempt += 1) {
    try {
      const headers = { ...FHIR_HEADERS, authorization: `Bearer ${token}` }
      if (options.endpoint === 'userinfo') headers.accept = 'application/json'
      const result = await getWithRetry(
        config,
        url,
        headers,
        options.endpoint,
        (status, body, retryAfterMs) =>
          classifyDataError(options.endpoint, status, body, {
            scopeSensitive: options.scopeSensitive,
            retryAfterMs,
          }),
      )
      return parseJson(result.text, options.endpoint)
    } catch (error) {
      const retryWithFreshToken =
        attempt === 1 &&
        typeof tokenSource === 'function' &&
        error instanceof BlueButtonError &&
        error.code === 'unauthorized'
      if (!retryWithFreshToken) throw error
      const fresh = await currentToken(tokenSource, token)
      if (fresh === token) throw error
      token = fresh
    }
  }
}

function parseJson(text: string, endpoint: 'fhir' | 'userinfo'): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new BlueButtonError({
      code: 'invalid_response',
      endpoint,
      status: 200,
      detail: 'body is not JSON',
      cause: error,
    })
  }
}

/** Reads a searchset Bundle into a page. Throws invalid_response if it is not a Bundle. */
export function readBundle(json: unknown, url: string, pageNumber: number): BundlePage {
  const bundle = asObject(json)
  if (!bundle || bundle.resourceType !== 'Bundle') {
    throw new BlueButtonError({
      code: 'invalid_response',
      endpoint: 'fhir',
      status: 200,
      detail: `expected a Bundle from ${url}`,
    })
  }
  const resources = asObjects(bundle.entry).flatMap((entry) => {
    const resource = asObject(entry.resource)
    return resource && typeof resource.resourceType === 'string' ? [resource as FhirResource] : []
  })
  const links = asObjects(bundle.link)
  const next = links.find((link) => link.relation === 'next')
  const selfUrl = asString(links.find((link) => link.relation === 'self')?.url)
  const total = typeof bundle.total === 'number' && Number.isInteger(bundle.total) ? bundle.total : null
  return {
    pageNumber,
    url,
    total,
    resources,
    nextUrl: asString(next?.url),
    selfUrl,
    excludesPart2: urlExcludesPart2(selfUrl) || urlExcludesPart2(url),
  }
}

/**
 * Async iterator over a search's pages: one page in memory at a time. Follows `next` exactly as
 * given (Blue Button is moving from startIndex to _offset links; we never build offsets ourselves).
 * Stops if a `next` link repeats, so a misbehaving server cannot loop us forever.
 */
export async function* iteratePages(
  config: ResolvedConfig,
  firstUrl: string,
  tokenSource: AccessTokenSource,
): AsyncGenerator<BundlePage, void, undefined> {
  const seen = new Set<string>()
  let url: string | null = firstUrl
  for (let pageNumber = 1; url !== null; pageNumber += 1) {
    seen.add(url)
    const json = await getJson(config, url, tokenSource, { endpoint: 'fhir', scopeSensitive: false })
    const page = readBundle(json, url, pageNumber)
    yield page
    url = page.nextUrl !== null && !seen.has(page.nextUrl) ? page.nextUrl : null
  }
}

/** The Patient resource for the token's enrollee (GET /Patient returns a one-entry Bundle). */
export async function readPatient(
  config: ResolvedConfig,
  tokenSource: AccessTokenSource,
): Promise<FhirResource> {
  const url = new URL('Patient', config.endpoints.fhirBase).href
  const json = await getJson(config, url, tokenSource, { endpoint: 'fhir', scopeSensitive: true })
  const patient = readBundle(json, url, 1).resources.find((resource) => resource.resourceType === 'Patient')
  if (!patient)
    throw new BlueButtonError({
      code: 'not_found',
      endpoint: 'fhir',
      status: 200,
      detail: 'no Patient in Bundle',
    })
  return patient
}

export async function readResource(
  config: ResolvedConfig,
  tokenSource: AccessTokenSource,
  resourceType: 'Patient' | 'Coverage' | 'ExplanationOfBenefit',
  id: string,
): Promise<FhirResource> {
  const url = new URL(`${resourceType}/${encodeURIComponent(id)}`, config.endpoints.fhirBase).href
  const json = await getJson(config, url, tokenSource, {
    endpoint: 'fhir',
    scopeSensitive: resourceType === 'Patient',
  })
  const resource = asObject(json)
  if (!resource || resource.resourceType !== resourceType) {
    throw new BlueButtonError({
      code: 'invalid_response',
      endpoint: 'fhir',
      status: 200,
      detail: `expected ${resourceType}`,
    })
  }
  return resource as FhirResource
}

export interface UserInfo {
  sub: string | null
  patientId: string | null
  name: string | null
  givenName: string | null
  familyName: string | null
  /** From the Medicare.gov account; may be blank. */
  email: string | null
}

export async function readUserInfo(
  config: ResolvedConfig,
  tokenSource: AccessTokenSource,
): Promise<UserInfo> {
  const json = asObject(
    await getJson(config, config.endpoints.userinfo, tokenSource, {
      endpoint: 'userinfo',
      scopeSensitive: true,
    }),
  )
  if (!json)
    throw new BlueButtonError({
      code: 'invalid_response',
      endpoint: 'userinfo',
      status: 200,
      detail: 'not an object',
    })
  return {
    sub: idText(json.sub),
    patientId: idText(json.patient) ?? idText(json.sub),
    name: asString(json.name),
    givenName: asString(json.given_name),
    familyName: asString(json.family_name),
    email: asString(json.email),
  }
}

function idText(value: unknown): string | null {
  return typeof value === 'number' ? String(value) : asString(value)
}

/** Patient id from a Coverage (`beneficiary`) or EOB (`patient`) reference, for the token-without-patient fallback. */
export function patientIdFromResources(resources: readonly unknown[]): string | null {
  for (const resource of resources) {
    const object = asObject(resource)
    const reference =
      asString(asObject(object?.beneficiary)?.reference) ?? asString(asObject(object?.patient)?.reference)
    const match = reference ? /(?:^|\/)Patient\/([^/]+)$/.exec(reference) : null
    if (match?.[1]) return match[1]
  }
  return null
}
