// One HTTP attempt of a webhook, connected to the address the target check approved (never looked up again),
// with the host name kept for the Host header and TLS verification. Redirects are not followed: a 3xx counts
// as a failure, since following it would reach an address nobody checked.
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { ResolvedAddress } from './webhook-target.ts'

export type AttemptResult = { ok: boolean; status: number | null; error: string | null }

const TIMEOUT_MS = 10_000

const pinnedLookup =
  (target: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }

export function postWebhook(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
): Promise<AttemptResult> {
  const transport = url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'BlueConsent-Webhooks/1',
        },
        lookup: pinnedLookup(target),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        // The answer's body is of no use to us: drain it so the socket is released.
        response.resume()
        const status = response.statusCode ?? 0
        const ok = status >= 200 && status < 300
        response.on('end', () =>
          resolve({ ok, status, error: ok ? null : `The endpoint answered ${status}.` }),
        )
        response.on('error', () =>
          resolve({ ok, status, error: ok ? null : `The endpoint answered ${status}.` }),
        )
      },
    )
    request.on('timeout', () => request.destroy(new Error(`No answer within ${TIMEOUT_MS / 1000} s.`)))
    request.on('error', (error) => resolve({ ok: false, status: null, error: error.message.slice(0, 300) }))
    request.end(body)
  })
}
