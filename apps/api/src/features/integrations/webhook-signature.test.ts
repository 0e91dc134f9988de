// Signatures checked by the Standard Webhooks reference library, as an integrator's receiver would.
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { newWebhookSecret, webhookHeaders } from './webhook-signature.ts'

const body = JSON.stringify({
  type: 'data.ready',
  data: { request_id: '8f0b1c2e-0000-4000-8000-000000000001' },
})
const at = new Date('2026-11-27T12:00:00Z')

afterEach(() => vi.useRealTimers())

function verifyWith(secret: string, headers: Record<string, string>, payload = body): unknown {
  vi.useFakeTimers({ now: at, toFake: ['Date'] })
  return new Webhook(secret).verify(payload, headers)
}

describe('webhook signatures', () => {
  it('makes a whsec_ secret of 32 random bytes', () => {
    const secret = newWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
    expect(newWebhookSecret()).not.toBe(secret)
  })

  it('signs id.timestamp.body so the reference library accepts it', () => {
    const secret = newWebhookSecret()
    const headers = webhookHeaders([secret], 'msg_1', at, body)
    expect(headers['webhook-timestamp']).toBe(String(at.getTime() / 1000))
    expect(verifyWith(secret, headers)).toEqual(JSON.parse(body))
  })

  it('is refused for another secret, another body or another id', () => {
    const secret = newWebhookSecret()
    const headers = webhookHeaders([secret], 'msg_1', at, body)
    expect(() => verifyWith(newWebhookSecret(), headers)).toThrow()
    expect(() => verifyWith(secret, headers, body.replace('data.ready', 'data.failed'))).toThrow()
    expect(() => verifyWith(secret, { ...headers, 'webhook-id': 'msg_2' })).toThrow()
  })

  it('carries one signature per secret during a rotation, each accepted on its own', () => {
    const previous = newWebhookSecret()
    const current = newWebhookSecret()
    const headers = webhookHeaders([current, previous], 'msg_1', at, body)
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2)
    expect(verifyWith(previous, headers)).toEqual(JSON.parse(body))
    expect(verifyWith(current, headers)).toEqual(JSON.parse(body))
  })
})
