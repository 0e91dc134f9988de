// The one Stripe client of an app: the official SDK pointed at Stripe, or at the local stand-in (in this
// process, or run alone at STRIPE_API_BASE). Nothing else in the portal speaks to Stripe.
import Stripe from 'stripe'
import type { StripeConfig } from '../../platform/config.ts'
import type { AppContext } from '../../platform/context.ts'

export type StripeGateway = {
  stripe: Stripe
  webhookSecret: string
  publishableKey: string | undefined
  priceLookupKey: string
  /** The stand-in's own card page (when there is no publishable key for Stripe Elements). */
  hostedSetupUrl: ((setupIntentId: string, returnUrl: string) => string) | null
}

const gateways = new WeakMap<AppContext, StripeGateway>()

export function useStripeGateway(ctx: AppContext, gateway: StripeGateway): void {
  gateways.set(ctx, gateway)
}

export function stripeGateway(ctx: AppContext): StripeGateway {
  const gateway = gateways.get(ctx)
  if (!gateway) throw new Error('Billing is not configured: no Stripe gateway for this app')
  return gateway
}

const SDK_OPTIONS = { maxNetworkRetries: 2, telemetry: false, timeout: 15_000 } as const

/** The SDK for real Stripe, or for a Stripe-speaking host given as STRIPE_API_BASE. */
export function createStripeClient(config: StripeConfig): Stripe {
  if (!config.apiBase) return new Stripe(config.secretKey, SDK_OPTIONS)
  const base = new URL(config.apiBase)
  return new Stripe(config.secretKey, {
    ...SDK_OPTIONS,
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
  })
}

export function realStripeGateway(config: StripeConfig): StripeGateway {
  return {
    stripe: createStripeClient(config),
    webhookSecret: config.webhookSecret,
    publishableKey: config.publishableKey,
    priceLookupKey: config.priceLookupKey,
    hostedSetupUrl: null,
  }
}
