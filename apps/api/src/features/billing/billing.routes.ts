// Billing over HTTP. Signed-in routes state who may call them; the rules of who may
// manage what are the services'. The Stripe webhook is public, carries no CSRF token, and is verified by
// its signature over the raw body.
import { BILLING_ENDPOINTS } from '@blueconsent/contract/billing'
import type { FastifyInstance } from 'fastify'
import { serveEndpoint } from '../../platform/http/endpoints.ts'
import { actorOf } from '../../platform/identity/index.ts'
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

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app
  const docs = { schema: { tags: ['billing'], security: [{ bearer: [] }] } }
  const publicDocs = { schema: { tags: ['billing'] } }
  const E = BILLING_ENDPOINTS

  serveEndpoint(app, E.individualAccount, docs, async (request) =>
    getBilling(ctx, actorOf(request), 'individual'),
  )
  serveEndpoint(app, E.individualAction, docs, async (request) =>
    performBillingAction(ctx, actorOf(request), 'individual', request.body),
  )
  serveEndpoint(app, E.teamAccount, docs, async (request) => getBilling(ctx, actorOf(request), 'team'))
  serveEndpoint(app, E.teamAction, docs, async (request) =>
    performBillingAction(ctx, actorOf(request), 'team', request.body),
  )

  serveEndpoint(app, E.checkout, docs, async (request) =>
    createIndividualCheckout(ctx, actorOf(request), request.body),
  )
  serveEndpoint(app, E.verifyCheckout, docs, async (request) =>
    verifyCheckout(ctx, actorOf(request), request.body.session_id),
  )
  serveEndpoint(app, E.teamSignup, docs, async (request) => teamSignup(ctx, actorOf(request), request.body))
  serveEndpoint(app, E.addSeat, docs, async (request) => addSeat(ctx, actorOf(request), request.body.user_id))
  serveEndpoint(app, E.removeSeat, docs, async (request) =>
    removeSeat(ctx, actorOf(request), request.body.user_id),
  )
  serveEndpoint(app, E.createTeamInvitation, docs, async (request) =>
    createTeamInvitation(ctx, actorOf(request), request.body),
  )
  serveEndpoint(app, E.resendTeamInvitation, docs, async (request) =>
    resendTeamInvitation(ctx, actorOf(request), request.body.invitation_id),
  )
  serveEndpoint(app, E.verifyTeamInvitation, publicDocs, async (request) =>
    verifyTeamInvitation(ctx, request.params.token),
  )
  serveEndpoint(app, E.acceptTeamInvitation, publicDocs, async (request) =>
    acceptTeamInvitation(ctx, request.body),
  )

  serveEndpoint(app, E.paymentMethods, docs, async (request) => ({
    results: await listPaymentMethods(ctx, actorOf(request)),
  }))
  serveEndpoint(app, E.setupPaymentMethod, docs, async (request) =>
    startPaymentMethodSetup(ctx, actorOf(request), request.body.return_url),
  )
  serveEndpoint(app, E.setDefaultPaymentMethod, docs, async (request) => {
    await setDefaultPaymentMethod(ctx, actorOf(request), request.params.id)
    return { detail: 'Default payment method updated' }
  })
  serveEndpoint(app, E.removePaymentMethod, docs, async (request) => {
    await removePaymentMethod(ctx, actorOf(request), request.params.id)
    return { detail: 'Payment method removed' }
  })

  // The signature is over the exact bytes Stripe sent, so this route keeps the body as a string.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    )
    serveEndpoint(
      scope,
      E.stripeWebhook,
      { config: { csrf: false }, schema: { tags: ['billing'], hide: true } },
      async (request) =>
        handleStripeWebhook(
          ctx,
          typeof request.body === 'string' ? request.body : '',
          request.headers['stripe-signature'] as string | undefined,
        ),
    )
  })
}
