// HTTP for two-factor: the signed-in user's own settings, the second step of sign-in (and enrolment during
// sign-in when the organisation requires it), and the organisation's requirement.
import { TWO_FACTOR_ENDPOINTS, TWO_FACTOR_MESSAGES } from '@blueconsent/contract/two-factor'
import { actorOf } from '../../platform/identity/index.ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { clientOf, setRefreshCookie } from '../../platform/identity/index.ts'
import { organizationSecurity, setOrganizationSecurity } from './organization-security.service.ts'
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  setUpTwoFactor,
  twoFactorStatus,
} from './settings.service.ts'
import { enrolmentConfirm, enrolmentSetUp, signInWithCode } from './sign-in.service.ts'
import type { SignInSource } from './two-factor.service.ts'

// Per client address, on top of the general limit: each challenge and account also counts its wrong codes.
const CODE_RATE_LIMIT = { max: 20, timeWindow: 60_000 }

const signInSourceOf = (request: FastifyRequest): SignInSource => ({
  client: clientOf(request),
  httpRequestId: request.id,
})

export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const tags = ['two-factor']
  const signedIn = { schema: { tags, security: [{ bearer: [] }] } }
  const codes = { ...signedIn, config: { rateLimit: CODE_RATE_LIMIT } }
  const signIn = { schema: { tags }, config: { rateLimit: CODE_RATE_LIMIT } }
  const E = TWO_FACTOR_ENDPOINTS

  serveEndpoint(app, E.status, signedIn, async (request) => twoFactorStatus(ctx, actorOf(request)))
  serveEndpoint(app, E.setup, codes, async (request) =>
    setUpTwoFactor(ctx, actorOf(request), request.body.password),
  )
  serveEndpoint(app, E.confirm, codes, async (request) =>
    confirmTwoFactor(ctx, actorOf(request), request.body.code),
  )
  serveEndpoint(app, E.recoveryCodes, codes, async (request) =>
    regenerateRecoveryCodes(ctx, actorOf(request), request.body),
  )
  serveEndpoint(app, E.disable, codes, async (request) => {
    await disableTwoFactor(ctx, actorOf(request), request.body)
    return { detail: TWO_FACTOR_MESSAGES.disabled }
  })

  serveEndpoint(app, E.login, signIn, async (request, reply) => {
    const outcome = await signInWithCode(ctx, request.body, signInSourceOf(request))
    setRefreshCookie(ctx, reply, outcome.session)
    return outcome.body
  })
  serveEndpoint(app, E.loginSetup, signIn, async (request) =>
    enrolmentSetUp(ctx, request.body, signInSourceOf(request)),
  )
  serveEndpoint(app, E.loginConfirm, signIn, async (request, reply) => {
    const outcome = await enrolmentConfirm(ctx, request.body, signInSourceOf(request))
    setRefreshCookie(ctx, reply, outcome.session)
    return outcome.body
  })

  serveEndpoint(app, E.organizationSecurity, signedIn, async (request) =>
    organizationSecurity(ctx, actorOf(request), request.params.orgId),
  )
  serveEndpoint(app, E.setOrganizationSecurity, signedIn, async (request) =>
    setOrganizationSecurity(ctx, actorOf(request), request.params.orgId, request.body),
  )
}
