// Twilio over its REST API with fetch (no SDK: one form POST and one HMAC are all the portal needs).
// Sending: POST {base}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded To/From/Body, Basic auth.
// Receiving: X-Twilio-Signature = base64(HMAC-SHA1(authToken, url + each POST param name+value sorted by name)).
import { createHmac } from 'node:crypto'
import type { TwilioConfig } from '../config.ts'
import { safeEqual } from '../lib/crypto.ts'

export type TwilioSettings = Pick<TwilioConfig, 'accountSid' | 'authToken' | 'fromNumber' | 'apiBaseUrl'>

export type SmsSendResult = { sid: string; status: string }

export class TwilioError extends Error {
  constructor(
    readonly status: number,
    readonly twilioCode: number | null,
    message: string,
  ) {
    super(message)
    this.name = 'TwilioError'
  }
}

const SEND_TIMEOUT_MS = 15_000

export async function sendTwilioSms(
  settings: TwilioSettings,
  to: string,
  body: string,
): Promise<SmsSendResult> {
  const url = `${settings.apiBaseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams({ To: to, From: settings.fromNumber, Body: body }).toString(),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  })
  const payload = (await response.json().catch(() => ({}))) as {
    sid?: string
    status?: string
    code?: number
    message?: string
  }
  if (!response.ok || !payload.sid) {
    // Twilio's message can echo the number; keep only the code and the HTTP status.
    throw new TwilioError(
      response.status,
      payload.code ?? null,
      `Twilio refused the message (HTTP ${response.status}, code ${payload.code ?? 'none'})`,
    )
  }
  return { sid: payload.sid, status: payload.status ?? 'queued' }
}

export type FormParams = Record<string, string | string[] | undefined>

export function twilioSignature(authToken: string, url: string, params: FormParams): string {
  let data = url
  for (const name of Object.keys(params).sort()) {
    const value = params[name]
    const values = Array.isArray(value) ? [...value].sort() : value === undefined ? [] : [value]
    for (const item of values) data += name + item
  }
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64')
}

/** The URL as configured, and with/without the scheme's default port: Twilio may sign either form (its SDKs try both). */
export function signedUrlVariants(url: string): string[] {
  const parsed = new URL(url)
  const defaultPort = parsed.protocol === 'https:' ? '443' : '80'
  // URL() drops a default port, so work on the string as configured.
  const bare = `//${parsed.hostname}`
  const withPort = `${bare}:${defaultPort}`
  if (url.includes(`${withPort}/`) || url.endsWith(withPort)) return [url, url.replace(withPort, bare)]
  if (parsed.port === '') return [url, url.replace(bare, withPort)]
  return [url]
}

export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: FormParams,
  signature: string | undefined,
): boolean {
  if (!signature) return false
  // Every candidate is checked (no early exit) so timing says nothing about which form matched.
  const matches = signedUrlVariants(url).map((candidate) =>
    safeEqual(twilioSignature(authToken, candidate, params), signature),
  )
  return matches.includes(true)
}
