// Subscription billing with team seats (spec 2 Billing).
export * from './billing.ts'
