// Which Stripe the portal talks to. With STRIPE_SECRET_KEY: Stripe itself (or STRIPE_API_BASE). Without it
// (the embedded default): the local stand-in, mounted in this process under /stripe-standin, reached by the
// same official SDK through app.inject, delivering signed webhooks to our own endpoint. Its state is kept
// beside the embedded database when the demo runs, because the customers the database names must survive a
// restart too.
import {
  createStandinHandle,
  injectWebhookDelivery,
  SEAT_LOOKUP_KEY,
  standinFetch,
  stripeStandin,
  type StandinHandle,
} from '@blueconsent/stripe-standin'
import type { FastifyInstance } from 'fastify'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import Stripe from 'stripe'
import type { AppConfig } from '../../platform/config.ts'
import type { AppContext } from '../../platform/context.ts'
import { keyedHash } from '../../platform/lib/crypto.ts'
import { realStripeGateway, useStripeGateway } from './stripe-gateway.ts'
import { STAND_IN_SWITCHES } from '../../platform/access/access.ts'

export const STRIPE_STANDIN_PREFIX = '/stripe-standin'
export const STRIPE_WEBHOOK_PATH = '/api/billing/webhooks/stripe/'

const handles = new WeakMap<AppContext, StandinHandle>()

/**
 * Beside a persistent embedded database only: the customers it names must outlive a restart with it. An
 * in-memory database (tests) or a real PostgreSQL with the stand-in (a trial deployment) keeps it in memory.
 */
function standinDataFile(config: AppConfig): string | null {
  const { database } = config
  if (database.kind !== 'pglite' || database.dataDir === null) return null
  mkdirSync(config.dataDir, { recursive: true })
  return join(config.dataDir, 'stripe-standin.json')
}

/** The in-process stand-in's controls (wait for webhooks, advance its clock): tests and the demo seed. */
export const stripeStandinHandle = (ctx: AppContext): StandinHandle | undefined => handles.get(ctx)

export async function registerStripeGateway(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const { config } = ctx
  if (config.stripe) {
    useStripeGateway(ctx, realStripeGateway(config.stripe))
    return
  }
  const publicBaseUrl = `${config.publicUrl}${STRIPE_STANDIN_PREFIX}`
  // A per-installation secret, derived from the data key: nothing to configure, nothing guessable.
  const webhookSecret = `whsec_${keyedHash(ctx.keys, 'stripe-standin-webhook-secret').slice(0, 32)}`
  const handle = createStandinHandle()
  handles.set(ctx, handle)
  await app.register(async (scope) => {
    // Stripe's callers (the SDK, the browser on its hosted pages) carry no portal session.
    scope.markRoutesPublic({ devTools: STAND_IN_SWITCHES })
    await scope.register(stripeStandin, {
      prefix: STRIPE_STANDIN_PREFIX,
      publicBaseUrl,
      now: ctx.clock,
      dataFile: standinDataFile(config),
      adminEnabled: config.devTools,
      // Its pages send the browser back to the portal only, never to an address a link carried.
      returnOrigins: [config.publicUrl],
      handle,
      webhooks: { secret: webhookSecret, deliver: injectWebhookDelivery(app, STRIPE_WEBHOOK_PATH) },
    })
  })
  useStripeGateway(ctx, {
    stripe: new Stripe('sk_test_blueconsent_standin', {
      httpClient: Stripe.createFetchHttpClient(standinFetch(app, STRIPE_STANDIN_PREFIX)),
      maxNetworkRetries: 0,
      telemetry: false,
    }),
    webhookSecret,
    publishableKey: undefined,
    priceLookupKey: SEAT_LOOKUP_KEY,
    hostedSetupUrl: (setupIntentId, returnUrl) =>
      `${publicBaseUrl}/setup/${setupIntentId}?return_url=${encodeURIComponent(returnUrl)}`,
  })
}
