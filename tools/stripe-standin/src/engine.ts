import type { StandinOptions } from './options.ts'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { noSuch } from './errors.ts'
import {
  API_VERSION,
  clone,
  COLLECTIONS,
  emptyState,
  newId,
  own,
  type Prefix,
  type State,
  type StripeEvent,
} from './model.ts'
import { Customers } from './resources/customers.ts'
import { PaymentMethods } from './resources/payment-methods.ts'
import { SetupIntents } from './resources/setup-intents.ts'
import { Invoices } from './resources/invoices.ts'
import { Subscriptions } from './resources/subscriptions.ts'
import { Checkout } from './resources/checkout.ts'
import { BillingClock } from './resources/billing-clock.ts'
import { TestClocks } from './resources/test-clocks.ts'
import { SEAT_LOOKUP_KEY, SEAT_PRICE_ID, SEAT_PRODUCT_ID, type Rest } from './resources/shared.ts'

export {
  CommitThenFail,
  SEAT_LOOKUP_KEY,
  SEAT_PRICE_ID,
  SEAT_PRODUCT_ID,
  type ItemChange,
  type PaymentBehavior,
  type ProrationBehavior,
} from './resources/shared.ts'

/**
 * The stand-in's state, clock and event log; each Stripe resource is a class of its own over them
 * (`engine.customers`, `engine.subscriptions`, …), as Stripe's API is organised by resource.
 */
export class Engine {
  state: State
  readonly customers = new Customers(this)
  readonly paymentMethods = new PaymentMethods(this)
  readonly setupIntents = new SetupIntents(this)
  readonly invoices = new Invoices(this)
  readonly subscriptions = new Subscriptions(this)
  readonly checkout = new Checkout(this)
  readonly billingClock = new BillingClock(this)
  readonly testClocks = new TestClocks(this)

  constructor(readonly options: StandinOptions) {
    this.state = this.load()
    this.seed()
  }

  standinNow(): number {
    return Math.floor(this.options.now().getTime() / 1000) + this.state.clockOffsetSec
  }

  timeOfClock(clockId: string | null): number {
    if (!clockId) return this.standinNow()
    const clock = own(this.state.testClocks, clockId)
    return clock ? clock.frozen_time : this.standinNow()
  }

  timeOfCustomer(customerId: string | null): number {
    const customer = customerId ? own(this.state.customers, customerId) : undefined
    return this.timeOfClock(customer?.test_clock ?? null)
  }

  private load(): State {
    const file = this.options.dataFile
    if (file && existsSync(file)) {
      const loaded = JSON.parse(readFileSync(file, 'utf8')) as State
      if (loaded.version === 1) return { ...emptyState(), ...loaded }
    }
    return emptyState()
  }

  persist(): void {
    const file = this.options.dataFile
    if (!file) return
    // Write then rename: a crash mid-write leaves the previous file, never half a JSON document.
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, JSON.stringify(this.state))
    renameSync(tmp, file)
  }

  reset(): void {
    this.state = emptyState()
    this.seed()
  }

  private seed(): void {
    const created = Math.floor(Date.UTC(2026, 0, 1) / 1000)
    if (!own(this.state.products, SEAT_PRODUCT_ID)) {
      this.register('products', {
        id: SEAT_PRODUCT_ID,
        object: 'product',
        active: true,
        created,
        default_price: SEAT_PRICE_ID,
        description: 'One member seat of a BlueConsent team or individual account',
        images: [],
        livemode: false,
        marketing_features: [],
        metadata: {},
        name: 'BlueConsent seat',
        package_dimensions: null,
        shippable: null,
        statement_descriptor: null,
        tax_code: null,
        type: 'service',
        unit_label: 'seat',
        updated: created,
        url: null,
      })
    }
    if (!own(this.state.prices, SEAT_PRICE_ID)) {
      this.register('prices', {
        id: SEAT_PRICE_ID,
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created,
        currency: 'usd',
        custom_unit_amount: null,
        livemode: false,
        lookup_key: SEAT_LOOKUP_KEY,
        metadata: {},
        nickname: 'Seat, monthly',
        product: SEAT_PRODUCT_ID,
        recurring: {
          interval: 'month',
          interval_count: 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        },
        tax_behavior: 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: 'recurring',
        unit_amount: 1999,
        unit_amount_decimal: '1999',
      })
    }
  }

  register<K extends keyof State>(collection: K, object: { id: string; [key: string]: unknown }): void {
    const map = this.state[collection] as unknown as Record<string, unknown>
    map[object.id] = object
    this.state.seq += 1
    this.state.order[object.id] = this.state.seq
  }

  /** Any stored object by id (the prefix says where it lives). */
  lookup(id: string): Rest | undefined {
    for (const [prefix, [collection]] of Object.entries(COLLECTIONS)) {
      if (id.startsWith(prefix)) return own(this.state[collection] as Record<string, Rest>, id)
    }
    return undefined
  }

  find<T>(prefix: Prefix, id: string, param = 'id'): T {
    const [collection, name] = COLLECTIONS[prefix]
    const found = id.startsWith(prefix) ? own(this.state[collection] as Record<string, T>, id) : undefined
    if (!found) throw noSuch(name, id, param)
    return found
  }

  emit(type: string, object: Rest, created: number, previous?: Rest): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt_'),
      object: 'event',
      api_version: API_VERSION,
      created,
      data: { object: clone(object), ...(previous ? { previous_attributes: clone(previous) } : {}) },
      livemode: false,
      pending_webhooks: this.options.webhooks ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    }
    this.register('events', event)
    if (this.options.webhooks) this.state.outbox.push(event.id)
    this.trimEvents()
    return event
  }

  // Stripe keeps 30 days of events; a long-running demo keeps the newest 5,000.
  private trimEvents(): void {
    const ids = Object.keys(this.state.events)
    if (ids.length <= 5000) return
    for (const id of ids.slice(0, ids.length - 5000)) {
      if (this.state.outbox.includes(id)) continue
      delete this.state.events[id]
      delete this.state.order[id]
    }
  }
}
