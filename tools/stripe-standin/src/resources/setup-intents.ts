import { cardError, invalidRequest } from '../errors.ts'
import { clone, type Customer, type Metadata, newId, randomToken } from '../model.ts'
import { CommitThenFail, type Rest } from './shared.ts'
import type { Engine } from '../engine.ts'

/** Setup intents: one resource of the stand-in, over the engine's shared state and event log. */
export class SetupIntents {
  constructor(private readonly engine: Engine) {}

  create(input: { customer?: string | undefined; usage?: string | undefined; metadata?: Metadata }): Rest {
    if (input.customer) this.engine.find<Customer>('cus_', input.customer, 'customer')
    const id = newId('seti_')
    const t = this.engine.timeOfCustomer(input.customer ?? null)
    const seti = {
      id,
      object: 'setup_intent',
      allowed_payment_method_types: ['card'],
      application: null,
      automatic_payment_methods: null,
      excluded_payment_method_types: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${randomToken(24)}`,
      created: t,
      customer: input.customer ?? null,
      description: null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: input.metadata ?? {},
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: {
        card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
      },
      payment_method_types: ['card'],
      single_use_mandate: null,
      status: 'requires_payment_method',
      usage: input.usage ?? 'off_session',
    }
    this.engine.register('setupIntents', seti)
    this.engine.emit('setup_intent.created', seti, t)
    return seti
  }

  /**
   * Confirms a setup intent with a payment method: verified, attached to the intent's customer.
   * A refused card is recorded on the intent (setup_intent.setup_failed) and reported as a card error.
   */
  confirm(setiId: string, pmId: string): Rest {
    const seti = this.engine.find<Rest & { status: string; customer: string | null }>(
      'seti_',
      setiId,
      'intent',
    )
    if (seti.status === 'succeeded')
      throw invalidRequest(
        'You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.',
        undefined,
        'setup_intent_unexpected_state',
      )
    const pm = this.engine.paymentMethods.resolvePaymentMethod(pmId)
    const t = this.engine.timeOfCustomer(seti.customer)
    const decline = this.engine.paymentMethods.testCardOf(pm.id)?.declineOnSave
    if (decline) {
      const error = cardError(decline.code, decline.message, decline.declineCode, undefined, {
        payment_method: clone(pm),
      })
      seti.last_setup_error = { ...error.body }
      seti.status = 'requires_payment_method'
      this.engine.emit('setup_intent.setup_failed', seti, t)
      throw new CommitThenFail(
        cardError(decline.code, decline.message, decline.declineCode, undefined, {
          setup_intent: clone(seti),
        }),
      )
    }
    if (seti.customer) this.engine.paymentMethods.attach(pm.id, seti.customer)
    seti.payment_method = pm.id
    seti.status = 'succeeded'
    seti.last_setup_error = null
    this.engine.emit('setup_intent.succeeded', seti, t)
    return seti
  }
}
