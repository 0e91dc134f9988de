// Billing's public face: its routes, the Stripe gateway set-up, the job that applies a received Stripe event,
// and the check that an organisation whose payment is overdue sends no new authorization requests.
export { billingRoutes } from './billing.routes.ts'
export { assertMaySendRequests } from './billing.service.ts'
export { countPastDueAccounts, subscriptionStatusesOf } from './billing.repository.ts'
export { registerStripeGateway, stripeStandinHandle } from './stripe-mount.ts'
export { type StripeGateway } from './stripe-gateway.ts'
export { applyStripeEvent, type ApplyStripeEventJob } from './webhooks.ts'
export { DEMO_HISTORY_MONTHS, seedDemoBilling, type DemoBillingOrganization } from './demo-billing.ts'
