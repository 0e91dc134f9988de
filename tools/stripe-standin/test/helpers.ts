import type { FastifyInstance } from 'fastify'
import Stripe from 'stripe'
import { buildStandinApp } from '../src/app.ts'
import { standinFetch } from '../src/fetch.ts'
import { createStandinHandle, type StandinHandle, type StandinOptionsInput } from '../src/options.ts'

export const PREFIX = '/stripe-standin'
export const BASE = `http://standin.test${PREFIX}`
export const SECRET = 'whsec_test_standin'
export const START = '2026-11-20T12:00:00Z'
export const DAY = 86_400

export type TestClock = { now: () => Date; advance: (seconds: number) => void }

export function testClock(start = START): TestClock {
  let t = Date.parse(start)
  return { now: () => new Date(t), advance: (seconds) => void (t += seconds * 1000) }
}

export type Delivery = { body: string; header: string }

export type Standin = {
  app: FastifyInstance
  stripe: Stripe
  clock: TestClock
  handle: StandinHandle
  deliveries: Delivery[]
  // Every delivered event so far, verified the way the portal verifies them.
  events: () => Promise<Stripe.Event[]>
  types: () => Promise<string[]>
  close: () => Promise<void>
}

export async function makeStandin(overrides: Partial<StandinOptionsInput> = {}): Promise<Standin> {
  const clock = testClock()
  const deliveries: Delivery[] = []
  const handle = createStandinHandle()
  const app = await buildStandinApp({
    publicBaseUrl: BASE,
    prefix: PREFIX,
    now: clock.now,
    adminEnabled: true,
    tickIntervalMs: 0,
    returnOrigins: ['http://portal.test'],
    handle,
    webhooks: {
      secret: SECRET,
      deliver: async (body, header) => void deliveries.push({ body, header }),
      retryDelaysMs: [5, 10],
    },
    ...overrides,
  })
  const stripe = new Stripe('sk_test_standin', {
    httpClient: Stripe.createFetchHttpClient(standinFetch(app, PREFIX)),
    maxNetworkRetries: 0,
  })
  const events = async (): Promise<Stripe.Event[]> => {
    await handle.webhooksIdle()
    return deliveries.map((d) => stripe.webhooks.constructEvent(d.body, d.header, SECRET))
  }
  return {
    app,
    stripe,
    clock,
    handle,
    deliveries,
    events,
    types: async () => (await events()).map((e) => e.type),
    close: () => app.close(),
  }
}

/** Posts a hosted page's form as a browser would (urlencoded), returning status, location and HTML. */
export async function submitForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
): Promise<{ status: number; location: string | undefined; html: string }> {
  const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })
  const location = response.headers.location
  return {
    status: response.statusCode,
    location: typeof location === 'string' ? location : undefined,
    html: response.body,
  }
}

export async function getPage(app: FastifyInstance, url: string): Promise<{ status: number; html: string }> {
  const path = url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url
  const response = await app.inject({ method: 'GET', url: path })
  return { status: response.statusCode, html: response.body }
}

export const card = (number: string, extra: Record<string, string> = {}): Record<string, string> => ({
  number,
  exp_month: '12',
  exp_year: '34',
  cvc: number.startsWith('37') ? '1234' : '123',
  name: 'Ada Lovelace',
  ...extra,
})

export async function seatPrice(stripe: Stripe): Promise<Stripe.Price> {
  const prices = await stripe.prices.list({ lookup_keys: ['blueconsent_seat_monthly'], active: true })
  const price = prices.data[0]
  if (!price) throw new Error('seat price missing')
  return price
}
