// Sign-up and email verification: public by nature, and limited per client address, since each call either
// creates an account, sends an email or answers about an address.
import { SIGNUP_ENDPOINTS } from '@blueconsent/contract/signup'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { clientOf, setRefreshCookie, type SecondFactorGate } from '../../platform/identity/index.ts'
import { confirmEmail, isEmailAvailable, resendVerification, signUp } from './signup.service.ts'

const SIGNUP_LIMIT = { max: 10, timeWindow: 60_000 }
const EMAIL_LIMIT = { max: 5, timeWindow: 60_000 }
const CHECK_LIMIT = { max: 30, timeWindow: 60_000 }

/** A recent verification link signs in, so the second-factor gate comes with it (app.ts passes it in). */
export type SignupRouteOptions = { secondFactor: SecondFactorGate }

export async function signupRoutes(app: FastifyInstance, options: SignupRouteOptions): Promise<void> {
  const { ctx } = app
  const { secondFactor } = options
  if (!secondFactor) throw new Error('signupRoutes needs the second-factor gate')
  const E = SIGNUP_ENDPOINTS
  const limited = (rateLimit: { max: number; timeWindow: number }) => ({
    schema: { tags: ['signup'] },
    config: { rateLimit },
  })

  serveEndpoint(app, E.signUp, limited(SIGNUP_LIMIT), async (request, reply) =>
    reply.status(201).send(await signUp(ctx, request.body)),
  )
  serveEndpoint(app, E.checkEmail, limited(CHECK_LIMIT), async (request) => ({
    available: await isEmailAvailable(ctx, request.body.email),
  }))
  serveEndpoint(app, E.verifyEmail, limited(CHECK_LIMIT), async (request, reply) => {
    const result = await confirmEmail(ctx, request.body.token, clientOf(request), secondFactor)
    if (result.session) setRefreshCookie(ctx, reply, result.session)
    return result.body
  })
  for (const endpoint of [E.resendVerification, E.sendVerification]) {
    serveEndpoint(app, endpoint, limited(EMAIL_LIMIT), async (request) =>
      resendVerification(ctx, request.body.email),
    )
  }
}
