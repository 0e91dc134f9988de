// Subscription billing with team seats.
export * from './billing.ts'
