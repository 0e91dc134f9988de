// HTTP for two-factor: the signed-in user's own settings, the second step of sign-in (and enrolment during
// sign-in when the organisation requires it), and the organisation's requirement.
import { detailSchema } from '@blueconsent/contract/shared'
import {
  TWO_FACTOR_MESSAGES,
  loginEnrolmentConfirmRequestSchema,
  loginEnrolmentResponseSchema,
  loginEnrolmentSetupRequestSchema,
  loginTwoFactorRequestSchema,
  organizationSecuritySchema,
  recoveryCodesSchema,
  twoFactorConfirmSchema,
  twoFactorReauthSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@blueconsent/contract/two-factor'
import { loginResponseSchema } from '@blueconsent/contract/auth'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import { clientOf, setRefreshCookie } from '../auth/index.ts'
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
const ORGANIZATION_ADMINS = ['ADMIN', 'ACO_ADMIN', 'PHYSICIAN_ADMIN', 'AGENT_ADMIN'] as const

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

const signInSourceOf = (request: FastifyRequest): SignInSource => ({
  client: clientOf(request),
  httpRequestId: request.id,
})

export async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const tags = ['two-factor']
  const signedIn = { tags, security: [{ bearer: [] }] }

  routes.get(
    '/api/two-factor/',
    { config: { access: {} }, schema: { ...signedIn, response: { 200: twoFactorStatusSchema } } },
    async (request) => twoFactorStatus(ctx, sourceOf(request)),
  )

  routes.post(
    '/api/two-factor/setup/',
    {
      config: { access: {}, rateLimit: CODE_RATE_LIMIT },
      schema: { ...signedIn, body: twoFactorSetupRequestSchema, response: { 200: twoFactorSetupSchema } },
    },
    async (request) => setUpTwoFactor(ctx, sourceOf(request), request.body.password),
  )

  routes.post(
    '/api/two-factor/confirm/',
    {
      config: { access: {}, rateLimit: CODE_RATE_LIMIT },
      schema: { ...signedIn, body: twoFactorConfirmSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) => confirmTwoFactor(ctx, sourceOf(request), request.body.code),
  )

  routes.post(
    '/api/two-factor/recovery-codes/',
    {
      config: { access: {}, rateLimit: CODE_RATE_LIMIT },
      schema: { ...signedIn, body: twoFactorReauthSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request) => regenerateRecoveryCodes(ctx, sourceOf(request), request.body),
  )

  routes.post(
    '/api/two-factor/disable/',
    {
      config: { access: {}, rateLimit: CODE_RATE_LIMIT },
      schema: { ...signedIn, body: twoFactorReauthSchema, response: { 200: detailSchema } },
    },
    async (request) => {
      await disableTwoFactor(ctx, sourceOf(request), request.body)
      return { detail: TWO_FACTOR_MESSAGES.disabled }
    },
  )

  routes.post(
    '/api/jwt/login/two-factor/',
    {
      config: { access: 'public', rateLimit: CODE_RATE_LIMIT },
      schema: { tags, body: loginTwoFactorRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const signIn = await signInWithCode(ctx, request.body, signInSourceOf(request))
      setRefreshCookie(ctx, reply, signIn.session)
      return signIn.body
    },
  )

  routes.post(
    '/api/jwt/login/two-factor/setup/',
    {
      config: { access: 'public', rateLimit: CODE_RATE_LIMIT },
      schema: { tags, body: loginEnrolmentSetupRequestSchema, response: { 200: twoFactorSetupSchema } },
    },
    async (request) => enrolmentSetUp(ctx, request.body, signInSourceOf(request)),
  )

  routes.post(
    '/api/jwt/login/two-factor/confirm/',
    {
      config: { access: 'public', rateLimit: CODE_RATE_LIMIT },
      schema: {
        tags,
        body: loginEnrolmentConfirmRequestSchema,
        response: { 200: loginEnrolmentResponseSchema },
      },
    },
    async (request, reply) => {
      const signIn = await enrolmentConfirm(ctx, request.body, signInSourceOf(request))
      setRefreshCookie(ctx, reply, signIn.session)
      return signIn.body
    },
  )

  const orgParams = z.object({ orgId: z.string().max(200) })
  routes.get(
    '/api/organizations/:orgId/security/',
    {
      config: { access: { roles: ORGANIZATION_ADMINS } },
      schema: { ...signedIn, params: orgParams, response: { 200: organizationSecuritySchema } },
    },
    async (request) => organizationSecurity(ctx, sourceOf(request), request.params.orgId),
  )

  routes.put(
    '/api/organizations/:orgId/security/',
    {
      config: { access: { roles: ORGANIZATION_ADMINS } },
      schema: {
        ...signedIn,
        params: orgParams,
        body: organizationSecuritySchema,
        response: { 200: organizationSecuritySchema },
      },
    },
    async (request) => setOrganizationSecurity(ctx, sourceOf(request), request.params.orgId, request.body),
  )
}
