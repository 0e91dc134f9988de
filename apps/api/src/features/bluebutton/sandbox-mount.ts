// Demo mode (BLUEBUTTON_BASE_URL unset): the Blue Button stand-in runs inside this server under
// /bb-sandbox, so `npm start` does the whole consent → callback → pull loop offline. The server's own
// calls to it go through `app.inject` (no socket, no dependence on PUBLIC_URL resolving to this host).
import { bluebuttonSandbox } from '@blueconsent/bluebutton-sandbox'
import type { FetchLike } from '@blueconsent/bluebutton'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { BLUEBUTTON_SANDBOX_PREFIX } from '../../platform/config.ts'
import { useBlueButtonTransport } from './clients.ts'
import { STAND_IN_SWITCHES } from '../../platform/access/access.ts'

export async function registerBlueButtonSandbox(app: FastifyInstance): Promise<void> {
  const { config } = app.ctx
  if (!config.bluebutton.embeddedSandbox) return
  const { redirectUri, provider, agent } = config.bluebutton
  await app.register(async (scope) => {
    // Blue Button's callers (the patient's browser on the login/consent pages, our server-side client)
    // carry no portal session; the prefix is outside /api/, so the CSRF check does not apply either.
    scope.markRoutesPublic({ devTools: STAND_IN_SWITCHES })
    await scope.register(bluebuttonSandbox, {
      prefix: BLUEBUTTON_SANDBOX_PREFIX,
      publicBaseUrl: config.bluebutton.baseUrl,
      now: app.ctx.clock,
      // Fault switches and enrollee-side revocation for tests and demos; never on a real deployment.
      adminEnabled: config.devTools,
      clients: [
        {
          ...provider,
          name: 'BlueConsent (providers)',
          redirectUris: [redirectUri],
          dataAccessType: 'THIRTEEN_MONTH',
        },
        { ...agent, name: 'BlueConsent (agents)', redirectUris: [redirectUri], dataAccessType: 'ONE_TIME' },
      ],
    })
  })
  useBlueButtonTransport(app.ctx, injectFetch(app))
}

/** A fetch that answers from this Fastify instance (used for the in-process sandbox only). */
export function injectFetch(app: FastifyInstance): FetchLike {
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    const response = await app.inject({
      method: request.method as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(hasBody ? { payload: Buffer.from(await request.arrayBuffer()) } : {}),
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue
      for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item)
    }
    const empty =
      response.statusCode === 204 || response.statusCode === 304 || response.rawPayload.length === 0
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    })
  }
}
