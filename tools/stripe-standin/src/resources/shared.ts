import type { StripeApiError } from '../errors.ts'
import type { Price } from '../model.ts'
import { DAY } from '../time.ts'

export type Rest = { [key: string]: unknown }

export const SEAT_PRODUCT_ID = 'prod_BlueConsentSeat'
export const SEAT_PRICE_ID = 'price_BlueConsentSeatMonthly'
export const SEAT_LOOKUP_KEY = 'blueconsent_seat_monthly'

// Smart-retry stand-in: after a failed charge, try again 3, 5 and 7 days after the first failure;
// the fourth failure leaves the subscription unpaid (Stripe's "mark the subscription as unpaid").
export const RETRY_GAPS = [3 * DAY, 2 * DAY, 2 * DAY]
export const TRIAL_WILL_END_NOTICE = 3 * DAY
// An incomplete subscription (first payment failed) expires after 23 hours, as on Stripe.
export const INCOMPLETE_LIFETIME = 23 * 3600

/** Thrown by an operation whose failure Stripe records (a failed charge): keep the state, then fail. */
export class CommitThenFail extends Error {
  constructor(readonly error: StripeApiError) {
    super(error.message)
  }
}

export type ItemChange = { id?: string; price?: string; quantity?: number; deleted?: boolean }
export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none'
export type PaymentBehavior = 'allow_incomplete' | 'error_if_incomplete'

export type ChargeOutcome = { paid: true } | { paid: false; error: StripeApiError }

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

// Stripe's previous_attributes: the old values of the top-level fields that changed.
export function previousAttributes(before: Rest, after: Rest): Rest | undefined {
  const out: Rest = {}
  for (const key of Object.keys(after)) if (!sameJson(before[key], after[key])) out[key] = before[key] ?? null
  return Object.keys(out).length > 0 ? out : undefined
}

export function monthsPer(price: Price): number {
  return price.recurring.interval === 'year'
    ? 12 * price.recurring.interval_count
    : price.recurring.interval_count
}
