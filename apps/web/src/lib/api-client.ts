// The one HTTP client: trailing slashes, CSRF on unsafe methods, bearer token on
// protected /api/ calls, 15 s timeout, one refresh-and-retry on 401, contract parsing, ApiError on failure,
// and conditional GETs: the last ETag and body of each GET are kept in memory and revalidated.
import { SESSION } from '@blueconsent/contract/constants'
import type { z } from 'zod'
import { ApiError, parseErrorBody, parseRetryAfter } from './api-error.ts'
import { loadContract } from './contract.ts'
import { readCookie } from './cookies.ts'
import { env } from './env.ts'

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** Calls that never carry the bearer token and never trigger the refresh-and-retry. */
export const PUBLIC_API_PATHS: readonly RegExp[] = [
  /^\/api\/jwt\/login\/$/,
  /^\/api\/jwt\/login\/two-factor\/(setup\/|confirm\/)?$/,
  /^\/api\/jwt\/refresh\/$/,
  /^\/o\/authorize\/$/,
  /^\/o\/token\/$/,
  /^\/api\/(users\/|auth\/)?check-email\//,
  /^\/api\/users\/password-reset\/$/,
  /^\/api\/users\/password-reset-confirm\/$/,
  /^\/api\/(users\/)?signup\//,
  /^\/api\/users\/(send-verification|verify-email|resend-verification)\//,
  /^\/api\/contact\//,
  /^\/api\/support\/public\/$/,
  /^\/api\/users\/invitations\/(verify|accept)\//,
  /^\/api\/billing\/team\/invitations\/(verify|accept)\//,
  /^\/api\/csrf\/$/,
  /^\/api\/health\/$/,
]
const CSRF_PATH = '/api/csrf/'
const UNSAFE_METHODS: readonly HttpMethod[] = ['POST', 'PUT', 'PATCH', 'DELETE']
/** How many GET answers with an ETag the client keeps (the oldest kept goes first). */
export const KEPT_ANSWERS_MAX = 100

type KeptAnswer = { etag: string; text: string }

/** A contract schema, or a loader for one (code on the login route loads schemas lazily, see lib/contract.ts). */
export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>)

export type RequestOptions<T> = {
  method?: HttpMethod
  /** JSON body, or URLSearchParams for form-encoded calls such as /o/token/. */
  body?: unknown
  query?: Record<string, string | number | boolean | null | undefined>
  schema?: SchemaSource<T>
  signal?: AbortSignal
  /** Forces a call to be treated as public (no bearer, no refresh-and-retry). */
  public?: boolean
  timeoutMs?: number
  /** Sends the bearer token but never refreshes on 401 (logout must not loop back to a login redirect). */
  skipRefresh?: boolean
}

/** What the session gives the client; registered by lib/session.ts so neither module imports the other's state. */
export type AuthBridge = {
  getAccessToken: () => string | null
  /** Refreshes the access token once; resolves true on success. */
  refresh: () => Promise<boolean>
  /** Called when a protected call still fails with 401 after the refresh: go to login with `next`. */
  onUnauthenticated: () => void
}

export type ApiClientOptions = {
  baseUrl?: string
  fetch?: typeof fetch
  now?: () => number
  auth?: AuthBridge
}

/** Appends a trailing slash to the path part, keeping the query and hash as they are. */
export function withTrailingSlash(url: string): string {
  const match = /^([^?#]*)(.*)$/.exec(url)
  const path = match?.[1] ?? url
  const rest = match?.[2] ?? ''
  return path.endsWith('/') ? url : `${path}/${rest}`
}

export const isPublicPath = (path: string): boolean => PUBLIC_API_PATHS.some((pattern) => pattern.test(path))
const needsBearer = (path: string): boolean => path.startsWith('/api/') && !isPublicPath(path)

export class ApiClient {
  private auth: AuthBridge | null
  private readonly baseUrl: string
  private readonly fetchImpl: typeof fetch
  private readonly now: () => number
  private csrfPromise: Promise<string | undefined> | null = null
  private csrfFromBody: string | undefined
  /**
   * The last ETag and body per GET (path and query without `_t`). In memory only: the API answers
   * `no-store`, so patient data never reaches the browser's disk cache, and a polled page that has not
   * changed costs a 304 with no body instead of the whole answer again.
   */
  private readonly kept = new Map<string, KeptAnswer>()

  constructor(options: ApiClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? ''
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.now = options.now ?? Date.now
    this.auth = options.auth ?? null
  }

  setAuth(auth: AuthBridge): void {
    this.auth = auth
  }

  /** Drops every kept answer (sign-out: the next user starts with nothing of the last one's). */
  forgetKeptAnswers(): void {
    this.kept.clear()
  }

  get<T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}): Promise<T> {
    return this.request(path, { ...options, method: 'GET' })
  }

  post<T>(
    path: string,
    body?: unknown,
    options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
  ): Promise<T> {
    return this.request(path, { ...options, method: 'POST', body })
  }

  patch<T>(
    path: string,
    body?: unknown,
    options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
  ): Promise<T> {
    return this.request(path, { ...options, method: 'PATCH', body })
  }

  put<T>(path: string, body?: unknown, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}): Promise<T> {
    return this.request(path, { ...options, method: 'PUT', body })
  }

  delete<T>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}): Promise<T> {
    return this.request(path, { ...options, method: 'DELETE' })
  }

  async request<T>(rawPath: string, options: RequestOptions<T> = {}): Promise<T> {
    const path = withTrailingSlash(rawPath)
    const method = options.method ?? 'GET'
    const protectedCall = !options.public && needsBearer(path)
    try {
      return await this.send(path, method, options, protectedCall)
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || !protectedCall || options.skipRefresh)
        throw error
      const refreshed = this.auth ? await this.auth.refresh() : false
      if (refreshed) {
        try {
          return await this.send(path, method, options, protectedCall)
        } catch (retryError) {
          if (!(retryError instanceof ApiError) || retryError.status !== 401) throw retryError
        }
      }
      this.auth?.onUnauthenticated()
      throw error
    }
  }

  private async send<T>(
    path: string,
    method: HttpMethod,
    options: RequestOptions<T>,
    protectedCall: boolean,
  ): Promise<T> {
    const headers = new Headers({ Accept: 'application/json' })
    const token = protectedCall ? this.auth?.getAccessToken() : null
    if (token) headers.set('Authorization', `Bearer ${token}`)
    if (UNSAFE_METHODS.includes(method)) {
      const { CSRF_HEADER } = await loadContract()
      const csrf = await this.csrfToken()
      if (csrf) headers.set(CSRF_HEADER, csrf)
    }
    let body: BodyInit | undefined
    if (options.body instanceof URLSearchParams) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded')
      body = options.body
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json')
      body = JSON.stringify(options.body)
    }
    const url = this.buildUrl(path, method, options.query)
    const keptKey = method === 'GET' ? this.buildUrl(path, method, options.query, false) : null
    const kept = keptKey === null ? undefined : this.kept.get(keptKey)
    if (kept) headers.set('If-None-Match', kept.etag)
    const response = await this.fetchWithTimeout(
      url,
      { method, headers, body, credentials: 'include' },
      options,
    )
    return this.readResponse(response, url, options.schema, keptKey, kept)
  }

  private buildUrl(
    path: string,
    method: HttpMethod,
    query: RequestOptions<unknown>['query'],
    stamped = true,
  ): string {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) params.set(key, String(value))
    }
    // Every GET carries a timestamp so no cache (browser or proxy) serves stale PHI.
    if (method === 'GET' && stamped) params.set('_t', String(this.now()))
    const search = params.toString()
    const separator = path.includes('?') ? '&' : '?'
    return `${this.baseUrl}${path}${search ? `${separator}${search}` : ''}`
  }

  private async fetchWithTimeout(
    url: string,
    init: RequestInit,
    options: RequestOptions<unknown>,
  ): Promise<Response> {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, options.timeoutMs ?? SESSION.requestTimeoutMs)
    const abortFromCaller = () => controller.abort()
    options.signal?.addEventListener('abort', abortFromCaller)
    try {
      return await this.fetchImpl(url, { ...init, signal: controller.signal })
    } catch (error) {
      if (timedOut) throw new ApiError({ kind: 'timeout', status: 0, url })
      if (options.signal?.aborted) throw error
      throw new ApiError({ kind: 'network', status: 0, url, detail: null })
    } finally {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', abortFromCaller)
    }
  }

  private async readResponse<T>(
    response: Response,
    url: string,
    source: SchemaSource<T> | undefined,
    keptKey: string | null = null,
    kept: KeptAnswer | undefined = undefined,
  ): Promise<T> {
    // 304: the kept body is still the answer.
    const revalidated = response.status === 304 && kept !== undefined
    const text = revalidated
      ? kept.text
      : response.status === 204 || response.status === 304
        ? ''
        : await response.text()
    if (keptKey !== null && response.ok) this.keep(keptKey, response.headers.get('ETag'), text)
    let data: unknown = undefined
    if (text) {
      try {
        data = JSON.parse(text)
      } catch {
        data = text
      }
    }
    if (!response.ok && !revalidated) {
      throw new ApiError({
        kind: 'http',
        status: response.status,
        statusText: response.statusText,
        retryAfter: parseRetryAfter(response.headers.get('Retry-After'), this.now()),
        url,
        ...parseErrorBody(data),
      })
    }
    if (!source) return data as T
    const schema = typeof source === 'function' ? await source() : source
    const parsed = schema.safeParse(data)
    if (!parsed.success) {
      throw new ApiError({ kind: 'parse', status: response.status, url, code: 'invalid_response' })
    }
    return parsed.data
  }

  private keep(key: string, etag: string | null, text: string): void {
    this.kept.delete(key)
    if (!etag) return
    this.kept.set(key, { etag, text })
    const oldest = this.kept.keys().next().value
    if (this.kept.size > KEPT_ANSWERS_MAX && oldest !== undefined) this.kept.delete(oldest)
  }

  /** The CSRF token from the cookie; when missing, GET /api/csrf/ once (it sets the cookie) and read again. */
  private async csrfToken(): Promise<string | undefined> {
    const { CSRF_COOKIE, csrfResponseSchema } = await loadContract()
    const fromCookie = readCookie(CSRF_COOKIE)
    if (fromCookie) return fromCookie
    if (!this.csrfPromise) {
      this.csrfPromise = this.get(CSRF_PATH, { schema: csrfResponseSchema, public: true })
        .then((body) => {
          this.csrfFromBody = body.csrftoken
          return readCookie(CSRF_COOKIE) ?? body.csrftoken
        })
        .catch(() => undefined)
        .finally(() => {
          this.csrfPromise = null
        })
    }
    return (await this.csrfPromise) ?? this.csrfFromBody
  }
}

/** The app's single client; lib/session.ts registers the auth bridge on it. */
export const apiClient = new ApiClient({ baseUrl: env.apiBaseUrl })
