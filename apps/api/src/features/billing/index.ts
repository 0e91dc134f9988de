// Billing's public face: its routes, the Stripe gateway set-up, the job that applies a received Stripe event,
// the route requirement 'billing_current' (an organisation whose payment is overdue sends no new
// authorization requests), and the subscription that charges a team's seat for an invitation sent from the
// Team page.
export { billingRoutes } from './billing.routes.ts'
export { billingRequirements } from './billing.service.ts'
export { subscribeBilling } from './subscriptions.ts'
export { pastDueAccounts, subscriptionStatuses } from './billing.service.ts'
export { registerStripeGateway, stripeStandinHandle } from './stripe-mount.ts'
export { type StripeGateway } from './stripe-gateway.ts'
export { applyStripeEvent, type ApplyStripeEventJob } from './webhooks.ts'
export { DEMO_HISTORY_MONTHS, seedDemoBilling, type DemoBillingOrganization } from './demo-billing.ts'
