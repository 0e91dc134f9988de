// Billing over HTTP (spec 2 §7 'Billing'). Signed-in routes state who may call them; the rules of who may
// manage what are the services'. The Stripe webhook is public, carries no CSRF token, and is verified by
// its signature over the raw body.
import {
  billingAccountSchema,
  billingActionResponseSchema,
  billingActionSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  paymentMethodListSchema,
  paymentMethodSetupSchema,
  seatChangeResponseSchema,
  seatChangeSchema,
  teamInvitationAcceptSchema,
  teamInvitationCreateSchema,
  teamInvitationResendSchema,
  teamInvitationResponseSchema,
  teamInvitationVerifySchema,
  teamSignupSchema,
  verifyCheckoutRequestSchema,
} from '@blueconsent/contract/billing'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notAuthenticated } from '../../errors.ts'
import type { AuditSource } from '../audit/index.ts'
import {
  createIndividualCheckout,
  getBilling,
  listPaymentMethods,
  performBillingAction,
  removePaymentMethod,
  setDefaultPaymentMethod,
  startPaymentMethodSetup,
  verifyCheckout,
} from './billing.service.ts'
import {
  acceptTeamInvitation,
  addSeat,
  createTeamInvitation,
  removeSeat,
  resendTeamInvitation,
  verifyTeamInvitation,
} from './team.service.ts'
import { teamSignup } from './team-signup.ts'
import { handleStripeWebhook } from './webhooks.ts'

const signedIn = { access: {} }
const detailSchema = z.object({ detail: z.string() })
const idParams = z.object({ id: z.string().max(200) })
const tokenParams = z.object({ token: z.string().max(200) })

function sourceOf(request: FastifyRequest): AuditSource {
  if (!request.principal) throw notAuthenticated()
  return { principal: request.principal, ip: request.ip, httpRequestId: request.id }
}

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const { ctx } = app
  const schema = { tags: ['billing'], security: [{ bearer: [] }] }

  for (const path of ['individual', 'team'] as const) {
    routes.get(
      `/api/billing/${path}/billing/`,
      { config: signedIn, schema: { ...schema, response: { 200: billingAccountSchema } } },
      async (request) => getBilling(ctx, sourceOf(request), path),
    )
    routes.post(
      `/api/billing/${path}/billing/`,
      {
        config: signedIn,
        schema: { ...schema, body: billingActionSchema, response: { 200: billingActionResponseSchema } },
      },
      async (request) => performBillingAction(ctx, sourceOf(request), path, request.body),
    )
  }

  routes.post(
    '/api/billing/individual/checkout/',
    {
      config: signedIn,
      schema: { ...schema, body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } },
    },
    async (request) => createIndividualCheckout(ctx, sourceOf(request), request.body),
  )
  routes.post(
    '/api/billing/verify-checkout/',
    { config: signedIn, schema: { ...schema, body: verifyCheckoutRequestSchema } },
    async (request) => verifyCheckout(ctx, sourceOf(request), request.body.session_id),
  )
  routes.post(
    '/api/billing/team/signup/',
    {
      config: signedIn,
      schema: { ...schema, body: teamSignupSchema, response: { 200: checkoutResponseSchema } },
    },
    async (request) => teamSignup(ctx, sourceOf(request), request.body),
  )
  routes.post(
    '/api/billing/team/billing/seats/add/',
    {
      config: signedIn,
      schema: { ...schema, body: seatChangeSchema, response: { 200: seatChangeResponseSchema } },
    },
    async (request) => addSeat(ctx, sourceOf(request), request.body.user_id),
  )
  routes.post(
    '/api/billing/team/billing/seats/remove/',
    {
      config: signedIn,
      schema: { ...schema, body: seatChangeSchema, response: { 200: seatChangeResponseSchema } },
    },
    async (request) => removeSeat(ctx, sourceOf(request), request.body.user_id),
  )
  routes.post(
    '/api/billing/team/invitations/create/',
    {
      config: signedIn,
      schema: {
        ...schema,
        body: teamInvitationCreateSchema,
        response: { 200: teamInvitationResponseSchema },
      },
    },
    async (request) => createTeamInvitation(ctx, sourceOf(request), request.body),
  )
  routes.post(
    '/api/billing/team/invitations/resend/',
    {
      config: signedIn,
      schema: { ...schema, body: teamInvitationResendSchema, response: { 200: detailSchema } },
    },
    async (request) => resendTeamInvitation(ctx, sourceOf(request), request.body.invitation_id),
  )
  routes.get(
    '/api/billing/team/invitations/verify/:token/',
    {
      config: { access: 'public' },
      schema: { tags: ['billing'], params: tokenParams, response: { 200: teamInvitationVerifySchema } },
    },
    async (request) => verifyTeamInvitation(ctx, request.params.token),
  )
  routes.post(
    '/api/billing/team/invitations/accept/',
    { config: { access: 'public' }, schema: { tags: ['billing'], body: teamInvitationAcceptSchema } },
    async (request) => acceptTeamInvitation(ctx, request.body),
  )

  routes.get(
    '/api/billing/payment-methods/',
    { config: signedIn, schema: { ...schema, response: { 200: paymentMethodListSchema } } },
    async (request) => ({ results: await listPaymentMethods(ctx, sourceOf(request)) }),
  )
  routes.post(
    '/api/billing/payment-methods/setup/',
    {
      config: signedIn,
      schema: {
        ...schema,
        body: z.object({ return_url: z.string().url().max(2000) }),
        response: { 200: paymentMethodSetupSchema },
      },
    },
    async (request) => startPaymentMethodSetup(ctx, sourceOf(request), request.body.return_url),
  )
  routes.post(
    '/api/billing/payment-methods/:id/default/',
    { config: signedIn, schema: { ...schema, params: idParams, response: { 200: detailSchema } } },
    async (request) => {
      await setDefaultPaymentMethod(ctx, sourceOf(request), request.params.id)
      return { detail: 'Default payment method updated' }
    },
  )
  routes.delete(
    '/api/billing/payment-methods/:id/',
    { config: signedIn, schema: { ...schema, params: idParams, response: { 200: detailSchema } } },
    async (request) => {
      await removePaymentMethod(ctx, sourceOf(request), request.params.id)
      return { detail: 'Payment method removed' }
    },
  )

  // The signature is over the exact bytes Stripe sent, so this route keeps the body as a string.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    )
    scope.post(
      '/api/billing/webhooks/stripe/',
      { config: { access: 'public', csrf: false }, schema: { tags: ['billing'], hide: true } },
      async (request) =>
        handleStripeWebhook(
          ctx,
          typeof request.body === 'string' ? request.body : '',
          request.headers['stripe-signature'] as string | undefined,
        ),
    )
  })
}
