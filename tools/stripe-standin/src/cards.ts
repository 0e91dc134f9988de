import { cardError, type StripeApiError } from './errors.ts'

// Stripe's test cards (docs.stripe.com/testing). Each says what happens when the card is saved
// (checkout, setup intent, attach) and when it is charged (an invoice).
export type CardBrand =
  'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown'

export type Decline = { code: string; declineCode: string; message: string }

export type TestCard = {
  readonly number: string
  readonly brand: CardBrand
  readonly funding: 'credit' | 'debit'
  // Refused when the card is saved or first used.
  readonly declineOnSave?: Decline
  // Refused every time it is charged (saving succeeds unless declineOnSave says otherwise).
  readonly declineOnCharge?: Decline
}

export const DECLINES = {
  generic: {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  insufficientFunds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
} as const satisfies Record<string, Decline>

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', funding: 'credit' },
  { number: '4000056655665556', brand: 'visa', funding: 'debit' },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit' },
  { number: '378282246310005', brand: 'amex', funding: 'credit' },
  { number: '6011111111111117', brand: 'discover', funding: 'credit' },
  {
    number: '4000000000000002',
    brand: 'visa',
    funding: 'credit',
    declineOnSave: DECLINES.generic,
    declineOnCharge: DECLINES.generic,
  },
  { number: '4000000000000341', brand: 'visa', funding: 'credit', declineOnCharge: DECLINES.generic },
  {
    number: '4000000000009995',
    brand: 'visa',
    funding: 'credit',
    declineOnSave: DECLINES.insufficientFunds,
    declineOnCharge: DECLINES.insufficientFunds,
  },
]

// Stripe's `pm_card_*` shortcuts, usable wherever a payment method id is accepted.
export const MAGIC_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
}

export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length >= 12 && sum % 10 === 0
}

export function brandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover'
  if (/^3(0|6|8|9)/.test(digits)) return 'diners'
  if (/^35/.test(digits)) return 'jcb'
  if (/^62/.test(digits)) return 'unionpay'
  return 'unknown'
}

export type CardInput = { number: string; expMonth: string; expYear: string; cvc: string }

export type ValidCard = {
  readonly card: TestCard
  readonly expMonth: number
  readonly expYear: number
}

/**
 * Checks a typed card the way Stripe's card form and API do, in the same order, with Stripe's
 * codes and messages. `nowSec` decides whether the expiry is in the past. Numbers that are not
 * Stripe test cards are refused as Stripe's test mode refuses live cards.
 */
export function validateCard(input: CardInput, nowSec: number): ValidCard | StripeApiError {
  const digits = input.number.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    return cardError('incorrect_number', 'Your card number is incorrect.', undefined, 'number')
  const month = Number(input.expMonth)
  if (!/^\d{1,2}$/.test(input.expMonth.trim()) || month < 1 || month > 12)
    return cardError(
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
      undefined,
      'exp_month',
    )
  let year = Number(input.expYear.trim())
  if (!/^\d{2}(\d{2})?$/.test(input.expYear.trim()))
    return cardError('invalid_expiry_year', "Your card's expiration year is invalid.", undefined, 'exp_year')
  if (year < 100) year += 2000
  const now = new Date(nowSec * 1000)
  const nowYear = now.getUTCFullYear()
  if (year < nowYear || (year === nowYear && month < now.getUTCMonth() + 1))
    return cardError('expired_card', 'Your card has expired.', 'expired_card', 'exp_month')
  if (year > nowYear + 50)
    return cardError('invalid_expiry_year', "Your card's expiration year is invalid.", undefined, 'exp_year')
  const card = TEST_CARDS.find((c) => c.number === digits)
  const cvcLength = brandOf(digits) === 'amex' ? 4 : 3
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim()))
    return cardError('invalid_cvc', "Your card's security code is invalid.", undefined, 'cvc')
  if (!card)
    return cardError(
      'card_declined',
      'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      'test_mode_live_card',
    )
  return { card, expMonth: month, expYear: year }
}
