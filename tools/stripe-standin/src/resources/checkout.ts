import type { CardInput } from '../cards.ts'
import { cardError, invalidRequest } from '../errors.ts'
import { type CheckoutSession, type Customer, own } from '../model.ts'
import type { Rest } from './shared.ts'
import type { Engine } from '../engine.ts'

/** Checkout sessions: one resource of the stand-in, over the engine's shared state and event log. */
export class Checkout {
  constructor(private readonly engine: Engine) {}

  /** Completes a checkout session with a typed card, as Stripe Checkout does on Pay / Start trial. */
  complete(csId: string, card: CardInput, email: string | null, name: string | null): Rest {
    const cs = this.engine.find<CheckoutSession>('cs_', csId)
    if (cs.status !== 'open')
      throw invalidRequest(
        'This Checkout Session is no longer active.',
        undefined,
        'checkout_session_inactive',
      )
    const customerTime = this.engine.timeOfCustomer(cs.customer)
    const pm = this.engine.paymentMethods.createCardFromInput(card, name, customerTime)
    this.engine.paymentMethods.verifyOnSave(pm, 'number')
    const extra = own(this.engine.state.checkoutTrials, cs.id) ?? { trialDays: null, metadata: {} }
    const lines = own(this.engine.state.checkoutLines, cs.id) ?? []
    // Without a trial the first invoice is paid here: a card that fails the charge is refused on the page.
    const decline = this.engine.paymentMethods.testCardOf(pm.id)?.declineOnCharge
    if (!extra.trialDays && decline)
      throw cardError(decline.code, decline.message, decline.declineCode, 'number')
    let customerId = cs.customer
    if (!customerId) {
      const typed = email ?? cs.customer_email
      if (!typed) throw invalidRequest('Enter your email address.', 'email', 'email_invalid')
      customerId = this.engine.customers.create({ email: typed, name: name ?? undefined }).id
    }
    this.engine.paymentMethods.attach(pm.id, customerId)
    const sub = this.engine.subscriptions.create({
      customer: customerId,
      items: lines,
      trialPeriodDays: extra.trialDays ?? undefined,
      defaultPaymentMethod: pm.id,
      metadata: extra.metadata,
      paymentBehavior: 'error_if_incomplete',
    })
    const customer = this.engine.find<Customer>('cus_', customerId)
    const t = this.engine.timeOfCustomer(customerId)
    cs.status = 'complete'
    cs.payment_status = sub.status === 'trialing' ? 'no_payment_required' : 'paid'
    cs.customer = customerId
    cs.subscription = sub.id
    cs.invoice = sub.latest_invoice
    cs.url = null
    cs.customer_details = {
      address: null,
      business_name: null,
      email: customer.email,
      individual_name: null,
      name: name ?? customer.name,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    }
    this.engine.emit('checkout.session.completed', cs, t)
    return cs
  }

  expire(csId: string): Rest {
    const cs = this.engine.find<CheckoutSession>('cs_', csId, 'session')
    if (cs.status !== 'open')
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${cs.status}".`,
      )
    cs.status = 'expired'
    cs.url = null
    this.engine.emit('checkout.session.expired', cs, this.engine.timeOfCustomer(cs.customer))
    return cs
  }
}
