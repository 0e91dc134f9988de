import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { registerAdminRoutes } from './admin.routes.ts'
import { registerApiRoutes } from './api.routes.ts'
import { createTransact, type StandinContext } from './context.ts'
import { Engine } from './engine.ts'
import { resolveOptions, type StandinOptionsInput } from './options.ts'
import { registerPageRoutes } from './pages.routes.ts'
import { WebhookQueue } from './webhooks.ts'

const FORM = 'application/x-www-form-urlencoded'

// Stripe's bodies are bracket-nested forms, so this scope reads them as text and parses them itself;
// a host's flat form parser (e.g. @fastify/formbody) is replaced inside this plugin only.
function installFormParser(app: FastifyInstance): void {
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM)
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  )
}

function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: { statusCode?: number; message?: string }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) request.log.error({ err: error }, 'stripe stand-in failed')
    return reply.code(status).send({
      error: {
        type: status === 500 ? 'api_error' : 'invalid_request_error',
        message: status === 500 ? 'An unknown error occurred' : (error.message ?? 'Bad request'),
      },
    })
  })
  app.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0] ?? ''}).`,
      },
    }),
  )
}

/**
 * The Stripe stand-in as a Fastify plugin. Register it under any prefix; every URL it emits
 * (checkout, portal, setup and invoice pages) is built from `publicBaseUrl`, which must include it:
 *   app.register(stripeStandin, { prefix: '/stripe-standin', publicBaseUrl: 'http://localhost:3000/stripe-standin' })
 */
export const stripeStandin: FastifyPluginAsync<StandinOptionsInput> = async (app, input) => {
  const options = resolveOptions(input)
  const engine = new Engine(options)
  const queue = options.webhooks ? new WebhookQueue(engine, options.webhooks, () => engine.persist()) : null
  const afterCommit = (): void => {
    engine.persist()
    void queue?.pump()
  }
  const ctx: StandinContext = {
    options,
    engine,
    basePath: new URL(options.publicBaseUrl).pathname.replace(/\/+$/, ''),
    transact: createTransact(engine, afterCommit),
  }
  if (input.handle) {
    Object.assign(input.handle, {
      webhooksIdle: async () => queue?.idle(),
      advance: (seconds: number) => void ctx.transact(() => engine.testClocks.advanceStandinClock(seconds)),
      nowSec: () => engine.standinNow(),
      reset: () => ctx.transact(() => engine.reset()),
    })
  }
  installFormParser(app)
  installErrorHandling(app)
  registerApiRoutes(app, ctx)
  registerPageRoutes(app, ctx)
  if (options.adminEnabled) registerAdminRoutes(app, ctx)

  // Trials and renewals of customers without a test clock fall due with nobody calling; look now and then.
  let timer: NodeJS.Timeout | null = null
  app.addHook('onReady', async () => {
    afterCommit()
    if (options.tickIntervalMs > 0) {
      timer = setInterval(() => {
        try {
          ctx.transact(() => engine.billingClock.runDue(engine.standinNow(), null))
        } catch (error) {
          app.log.error({ err: error }, 'stripe stand-in: scheduled run failed')
        }
      }, options.tickIntervalMs)
      timer.unref()
    }
  })
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer)
    queue?.stop()
  })
}
