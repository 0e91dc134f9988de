import { z } from 'zod'

export type WebhookOptions = {
  // The endpoint's signing secret (whsec_…): the consumer verifies with the same one.
  readonly secret: string
  // Sends one signed event; must reject when the endpoint does not answer 2xx, so it is retried.
  readonly deliver: (body: string, signatureHeader: string) => Promise<void>
  // Waits between attempts of one event; after the last, the event is given up (still in events.list).
  readonly retryDelaysMs?: readonly number[]
  // The `t=` of Stripe-Signature. Stripe signs with the real time of delivery and constructEvent checks
  // it against the real time, so the default is the wall clock, not the stand-in's (possibly moved) clock.
  readonly signingClock?: () => Date
}

export type StandinOptions = {
  // Absolute URL the stand-in is reached at by browsers, including the mount prefix, no trailing slash:
  // checkout, portal, setup and invoice page URLs are built from it.
  readonly publicBaseUrl: string
  // The stand-in's clock for customers without a test clock (the admin route adds an offset to it).
  readonly now: () => Date
  readonly webhooks: WebhookOptions | null
  // When set, state is loaded from this JSON file at start and written after every change.
  readonly dataFile: string | null
  // Test-only /__admin routes (move the clock, reset). Never on in production.
  readonly adminEnabled: boolean
  // How often trials, renewals and retries of clock-less customers are looked at without a request.
  // 0 turns the timer off (every API request still brings them up to date first).
  readonly tickIntervalMs: number
  // Name shown in the hosted pages' headers ("BlueConsent").
  readonly businessName: string
  // Origins the hosted pages may send the browser back to (return, success and cancel URLs); any other is
  // dropped. The stand-in's own origin is always one; a host adds its own site.
  readonly returnOrigins: readonly string[]
}

export type StandinOptionsInput = Partial<Omit<StandinOptions, 'publicBaseUrl'>> & {
  readonly publicBaseUrl: string
  // Filled by the plugin with functions tests and hosts use (see StandinHandle).
  readonly handle?: StandinHandle
}

// Control over one mounted stand-in from the code that mounted it.
export type StandinHandle = {
  // Resolves when every queued webhook has been delivered or given up.
  webhooksIdle: () => Promise<void>
  // Moves the stand-in's clock (customers without a test clock) forward and runs what fell due.
  advance: (seconds: number) => void
  // The stand-in's current time in Unix seconds.
  nowSec: () => number
  // Forgets every object but the seeded price; the clock offset goes back to 0.
  reset: () => void
}

export function createStandinHandle(): StandinHandle {
  const unbound = (): never => {
    throw new Error('The stripe stand-in is not registered yet (await app.ready()).')
  }
  return { webhooksIdle: unbound, advance: unbound, nowSec: unbound, reset: unbound }
}

export function resolveOptions(input: StandinOptionsInput): StandinOptions {
  const publicBaseUrl = z.url().parse(input.publicBaseUrl).replace(/\/+$/, '')
  return {
    publicBaseUrl,
    now: input.now ?? (() => new Date()),
    webhooks: input.webhooks ?? null,
    dataFile: input.dataFile ?? null,
    adminEnabled: input.adminEnabled ?? false,
    tickIntervalMs: input.tickIntervalMs ?? 30_000,
    businessName: input.businessName ?? 'BlueConsent',
    // Its own pages (the hosted portal's "add a card") always come back to it.
    returnOrigins: [publicBaseUrl, ...(input.returnOrigins ?? [])].map((url) => new URL(url).origin),
  }
}
