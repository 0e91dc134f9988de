import { createHmac } from 'node:crypto'
import type { Engine } from './engine.ts'
import type { WebhookOptions } from './options.ts'

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000]

/** Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signPayload(body: string, secret: string, timestampSec: number): string {
  const signature = createHmac('sha256', secret).update(`${timestampSec}.${body}`, 'utf8').digest('hex')
  return `t=${timestampSec},v1=${signature}`
}

/**
 * Delivers the engine's outbox one event at a time, oldest first, so the endpoint sees events in the
 * order they were emitted. A failed delivery is retried after each of `retryDelaysMs` (the queue waits
 * meanwhile); after the last retry the event is given up and stays readable through events.list.
 */
export class WebhookQueue {
  private running: Promise<void> | null = null
  private stopped = false
  private wake: (() => void) | null = null
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly engine: Engine,
    private readonly options: WebhookOptions,
    private readonly onDelivered: () => void,
  ) {}

  /** Starts delivering if idle. Never throws; the returned promise settles when the outbox is empty. */
  pump(): Promise<void> {
    if (this.stopped) return Promise.resolve()
    if (!this.running) {
      this.running = this.drain().finally(() => {
        this.running = null
      })
    }
    return this.running
  }

  async idle(): Promise<void> {
    while (!this.stopped && this.engine.state.outbox.length > 0) await this.pump()
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.wake?.()
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve
      this.timer = setTimeout(resolve, ms)
    })
  }

  private async drain(): Promise<void> {
    const delays = this.options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
    const clock = this.options.signingClock ?? (() => new Date())
    let attempts = 0
    let current: string | undefined
    while (!this.stopped) {
      const state = this.engine.state
      const id = state.outbox[0]
      if (id === undefined) return
      if (id !== current) {
        current = id
        attempts = 0
      }
      const event = state.events[id]
      if (!event) {
        state.outbox.shift()
        continue
      }
      const body = JSON.stringify(event, null, 2)
      const header = signPayload(body, this.options.secret, Math.floor(clock().getTime() / 1000))
      let ok = false
      try {
        await this.options.deliver(body, header)
        ok = true
      } catch {
        attempts += 1
      }
      // The state may have been reset or rolled back while the endpoint answered.
      const now = this.engine.state
      if (ok || attempts > delays.length) {
        if (now.outbox[0] === id) now.outbox.shift()
        const stored = now.events[id]
        if (stored) stored.pending_webhooks = 0
        this.onDelivered()
        continue
      }
      await this.sleep(delays[attempts - 1] ?? 1_000)
    }
  }
}

/** A deliverer that POSTs to a URL (the stand-in run alone, `STANDIN_WEBHOOK_URL`). */
export function httpWebhookDelivery(url: string): WebhookOptions['deliver'] {
  return async (body, signatureHeader) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body,
      signal: AbortSignal.timeout(10_000),
    })
    await response.arrayBuffer()
    if (response.status < 200 || response.status >= 300)
      throw new Error(`The webhook endpoint answered ${response.status}`)
  }
}

type Injector = {
  inject: (options: {
    method: 'POST'
    url: string
    payload: string
    headers: Record<string, string>
  }) => PromiseLike<{ statusCode: number }>
}

/** A deliverer that posts into a Fastify app in the same process (`app.inject`), no socket. */
export function injectWebhookDelivery(app: Injector, path: string): WebhookOptions['deliver'] {
  return async (body, signatureHeader) => {
    const response = await app.inject({
      method: 'POST',
      url: path,
      payload: body,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
    })
    if (response.statusCode < 200 || response.statusCode >= 300)
      throw new Error(`The webhook endpoint answered ${response.statusCode}`)
  }
}
