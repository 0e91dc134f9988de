import { createHash } from 'node:crypto'
import { type CardInput, MAGIC_PAYMENT_METHODS, TEST_CARDS, type TestCard, validateCard } from '../cards.ts'
import { cardError, invalidRequest, StripeApiError } from '../errors.ts'
import { clone, type Customer, newId, own, type PaymentMethod } from '../model.ts'
import { previousAttributes } from './shared.ts'
import type { Engine } from '../engine.ts'

/** Payment methods: one resource of the stand-in, over the engine's shared state and event log. */
export class PaymentMethods {
  constructor(private readonly engine: Engine) {}

  createCardPaymentMethod(
    number: string,
    expMonth: number,
    expYear: number,
    name: string | null,
  ): PaymentMethod {
    const card = TEST_CARDS.find((c) => c.number === number)
    if (!card) throw cardError('incorrect_number', 'Your card number is incorrect.', undefined, 'number')
    const fingerprint = createHash('sha256').update(`standin:${number}`).digest('base64url').slice(0, 16)
    const pm: PaymentMethod = {
      id: newId('pm_'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: null,
        name,
        phone: null,
        tax_id: null,
      },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: card.brand === 'amex' ? 'american_express' : card.brand,
        exp_month: expMonth,
        exp_year: expYear,
        fingerprint,
        funding: card.funding,
        generated_from: null,
        last4: number.slice(-4),
        networks: { available: [card.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: this.engine.standinNow(),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
    }
    this.engine.register('paymentMethods', pm)
    this.engine.state.cardNumbers[pm.id] = number
    return pm
  }

  /** A card typed on a hosted page or sent as `card[number]`: checked, then stored as a payment method. */
  createCardFromInput(input: CardInput, name: string | null, nowSec: number): PaymentMethod {
    const valid = validateCard(input, nowSec)
    if (valid instanceof StripeApiError) throw valid
    return this.createCardPaymentMethod(valid.card.number, valid.expMonth, valid.expYear, name)
  }

  /** A payment method id, or one of Stripe's `pm_card_*` shortcuts (which makes a fresh one each time). */
  resolvePaymentMethod(id: string, param = 'payment_method'): PaymentMethod {
    const magic = own(MAGIC_PAYMENT_METHODS, id)
    if (magic) {
      const year = new Date(this.engine.standinNow() * 1000).getUTCFullYear() + 3
      return this.createCardPaymentMethod(magic, 12, year, null)
    }
    return this.engine.find<PaymentMethod>('pm_', id, param)
  }

  testCardOf(pmId: string): TestCard | undefined {
    const number = own(this.engine.state.cardNumbers, pmId)
    return TEST_CARDS.find((c) => c.number === number)
  }

  // Saving a card runs Stripe's verification: cards that decline on save are refused here.
  verifyOnSave(pm: PaymentMethod, param?: string): void {
    const decline = this.testCardOf(pm.id)?.declineOnSave
    if (decline) throw cardError(decline.code, decline.message, decline.declineCode, param)
  }

  attach(pmId: string, customerId: string): PaymentMethod {
    const customer = this.engine.find<Customer>('cus_', customerId, 'customer')
    const pm = this.resolvePaymentMethod(pmId, 'payment_method')
    if (pm.customer === customer.id) return pm
    if (pm.customer)
      throw invalidRequest(
        'The payment method you provided has already been attached to a customer.',
        undefined,
        'payment_method_unexpected_state',
      )
    this.verifyOnSave(pm)
    const before = clone(pm)
    pm.customer = customer.id
    this.engine.emit(
      'payment_method.attached',
      pm,
      this.engine.timeOfCustomer(customer.id),
      previousAttributes(before, pm),
    )
    return pm
  }

  detach(pmId: string): PaymentMethod {
    const pm = this.engine.find<PaymentMethod>('pm_', pmId)
    const customerId = pm.customer
    if (!customerId)
      throw invalidRequest(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        undefined,
        'payment_method_unexpected_state',
      )
    const t = this.engine.timeOfCustomer(customerId)
    const customer = own(this.engine.state.customers, customerId)
    if (customer?.invoice_settings.default_payment_method === pm.id)
      this.engine.customers.update(customerId, { defaultPaymentMethod: null })
    for (const sub of Object.values(this.engine.state.subscriptions)) {
      if (sub.customer !== customerId || sub.default_payment_method !== pm.id) continue
      const before = clone(sub)
      sub.default_payment_method = null
      this.engine.emit('customer.subscription.updated', sub, t, previousAttributes(before, sub))
    }
    const before = clone(pm)
    pm.customer = null
    this.engine.emit('payment_method.detached', pm, t, previousAttributes(before, pm))
    return pm
  }
}
