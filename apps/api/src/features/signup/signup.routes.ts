// Sign-up and email verification: public by nature, and limited per client address, since each call either
// creates an account, sends an email or answers about an address.
import {
  checkEmailResultSchema,
  checkEmailSchema,
  resendVerificationSchema,
  signupCreatedSchema,
  signupDetailSchema,
  signupSchema,
  verifyEmailResultSchema,
  verifyEmailSchema,
} from '@blueconsent/contract/signup'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { clientOf, setRefreshCookie, type SecondFactorGate } from '../../platform/identity/index.ts'
import { confirmEmail, isEmailAvailable, resendVerification, signUp } from './signup.service.ts'

const SIGNUP_LIMIT = { max: 10, timeWindow: 60_000 }
const EMAIL_LIMIT = { max: 5, timeWindow: 60_000 }
const CHECK_LIMIT = { max: 30, timeWindow: 60_000 }

/** A recent verification link signs in, so the second-factor gate comes with it (app.ts passes it in). */
export type SignupRouteOptions = { secondFactor: SecondFactorGate }

export async function signupRoutes(app: FastifyInstance, options: SignupRouteOptions): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const { secondFactor } = options
  if (!secondFactor) throw new Error('signupRoutes needs the second-factor gate')
  const schema = { tags: ['signup'] }

  routes.post(
    '/api/users/',
    {
      config: { access: 'public', rateLimit: SIGNUP_LIMIT },
      schema: { ...schema, body: signupSchema, response: { 201: signupCreatedSchema } },
    },
    async (request, reply) => reply.status(201).send(await signUp(ctx, request.body)),
  )
  routes.post(
    '/api/users/check-email/',
    {
      config: { access: 'public', rateLimit: CHECK_LIMIT },
      schema: { ...schema, body: checkEmailSchema, response: { 200: checkEmailResultSchema } },
    },
    async (request) => ({ available: await isEmailAvailable(ctx, request.body.email) }),
  )
  routes.post(
    '/api/users/verify-email/',
    {
      config: { access: 'public', rateLimit: CHECK_LIMIT },
      schema: { ...schema, body: verifyEmailSchema, response: { 200: verifyEmailResultSchema } },
    },
    async (request, reply) => {
      const result = await confirmEmail(ctx, request.body.token, clientOf(request), secondFactor)
      if (result.session) setRefreshCookie(ctx, reply, result.session)
      return result.body
    },
  )
  for (const path of ['/api/users/resend-verification/', '/api/users/send-verification/']) {
    routes.post(
      path,
      {
        config: { access: 'public', rateLimit: EMAIL_LIMIT },
        schema: { ...schema, body: resendVerificationSchema, response: { 200: signupDetailSchema } },
      },
      async (request) => resendVerification(ctx, request.body.email),
    )
  }
}
