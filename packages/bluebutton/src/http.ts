// One HTTP exchange with a timeout, gzip handling and typed network failures, plus a retrying GET.
import { gunzipSync } from 'node:zlib'
import type { ResolvedConfig } from './config.ts'
import { BlueButtonError, readErrorBody, type BlueButtonEndpoint, type ErrorBody } from './errors.ts'

export interface HttpResult {
  status: number
  headers: Headers
  /** The body as text, gunzipped if needed. */
  text: string
}

/**
 * Sends one request. The timeout covers headers and body. Network failures and timeouts become
 * BlueButtonError('transient') so callers handle one error type.
 */
export async function send(
  config: ResolvedConfig,
  url: string,
  init: RequestInit,
  endpoint: BlueButtonEndpoint,
): Promise<HttpResult> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), config.timeoutMs)
  try {
    const response = await config.fetch(url, { ...init, signal: controller.signal })
    const text = decodeBody(new Uint8Array(await response.arrayBuffer()))
    return { status: response.status, headers: response.headers, text }
  } catch (error) {
    if (error instanceof BlueButtonError) throw error
    const detail = controller.signal.aborted ? `timed out after ${config.timeoutMs} ms` : describe(error)
    throw new BlueButtonError({ code: 'transient', endpoint, detail, cause: error })
  } finally {
    clearTimeout(timer)
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `network error: ${error.message}` : 'network error'
}

/**
 * Node's fetch already inflates gzip but keeps the Content-Encoding header, while an injected fetch
 * (app.inject, a test double) may not inflate. The gzip magic bytes decide; JSON never starts with 0x1f.
 */
export function decodeBody(bytes: Uint8Array): string {
  const gzipped = bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b
  return new TextDecoder().decode(gzipped ? gunzipSync(bytes) : bytes)
}

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (value === null || value.trim() === '') return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime())
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500
}

export function backoffMs(config: ResolvedConfig, retryNumber: number): number {
  const { baseDelayMs, maxDelayMs } = config.retry
  const exponential = Math.min(maxDelayMs, baseDelayMs * 2 ** (retryNumber - 1))
  const jitter = 0.8 + 0.4 * config.random()
  return Math.round(exponential * jitter)
}

export type ErrorClassifier = (
  status: number,
  body: ErrorBody,
  retryAfterMs: number | null,
) => BlueButtonError

/**
 * GET with retries on network errors, timeouts, 429 and 5xx; never on other 4xx. A Retry-After
 * header is honoured (as the wait before the next try) unless it exceeds maxRetryAfterMs.
 */
export async function getWithRetry(
  config: ResolvedConfig,
  url: string,
  headers: Record<string, string>,
  endpoint: BlueButtonEndpoint,
  classify: ErrorClassifier,
): Promise<HttpResult> {
  const { maxAttempts, maxRetryAfterMs } = config.retry
  for (let attempt = 1; ; attempt += 1) {
    const canRetry = attempt < maxAttempts
    let result: HttpResult
    try {
      result = await send(config, url, { method: 'GET', headers }, endpoint)
    } catch (error) {
      if (!canRetry || !(error instanceof BlueButtonError) || !error.transient) throw error
      await config.sleep(backoffMs(config, attempt))
      continue
    }
    if (result.status >= 200 && result.status < 300) return result
    const retryAfterMs = parseRetryAfter(result.headers.get('retry-after'), config.now())
    const waitable = retryAfterMs === null || retryAfterMs <= maxRetryAfterMs
    if (!isRetryableStatus(result.status) || !canRetry || !waitable) {
      throw classify(result.status, readErrorBody(result.text), retryAfterMs)
    }
    await config.sleep(retryAfterMs ?? backoffMs(config, attempt))
  }
}
