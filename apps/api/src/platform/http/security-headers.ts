// PHI defaults: strict CSP and friends on every response, no-store on API and OAuth.

/**
 * Browser features the portal never uses, switched off for it and anything it embeds. Payment stays
 * available: the card form's frame may use the Payment Request API.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'usb=()',
].join(', ')
import helmet from 'helmet'
import type { FastifyInstance } from 'fastify'

/**
 * With real Stripe the card form is Stripe.js from Stripe's origin, in Stripe's frames, talking to Stripe's
 * API (Stripe's documented CSP); the local stand-in is served from our own origin and needs nothing added.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  options: { stripe: boolean } = { stripe: false },
): Promise<void> {
  const https = publicUrl.startsWith('https:')
  const stripe = (kind: keyof typeof STRIPE_SOURCES) => (options.stripe ? STRIPE_SOURCES[kind] : [])
  // helmet's middleware is built once here and applied to every response. (@fastify/helmet rebuilds it,
  // reparsing the CSP, on every request: a few per cent of the API's CPU under load.)
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe('script')],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe('connect')],
        ...(options.stripe ? { frameSrc: ["'self'", ...stripe('frame')] } : {}),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // Reset and consent links carry tokens in the path: never send them to another origin.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  })
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    )
  })
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY)
    if (request.url.startsWith('/api/') || request.url.startsWith('/o/'))
      reply.header('cache-control', 'no-store')
    return payload
  })
}
