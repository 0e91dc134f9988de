import { invalidRequest } from '../errors.ts'
import {
  clone,
  type Customer,
  type Metadata,
  newId,
  type PaymentMethod,
  randomToken,
  type TestClock,
} from '../model.ts'
import { previousAttributes } from './shared.ts'
import type { Engine } from '../engine.ts'

/** Customers: one resource of the stand-in, over the engine's shared state and event log. */
export class Customers {
  constructor(private readonly engine: Engine) {}

  create(input: {
    email?: string | undefined
    name?: string | undefined
    description?: string | undefined
    phone?: string | undefined
    metadata?: Metadata
    testClock?: string | undefined
    paymentMethod?: string | undefined
    defaultPaymentMethod?: string | undefined
  }): Customer {
    if (input.testClock) this.engine.find<TestClock>('clock_', input.testClock, 'test_clock')
    const t = this.engine.timeOfClock(input.testClock ?? null)
    const customer: Customer = {
      id: newId('cus_'),
      object: 'customer',
      address: null,
      balance: 0,
      created: t,
      currency: null,
      default_source: null,
      delinquent: false,
      description: input.description ?? null,
      discount: null,
      email: input.email ?? null,
      invoice_prefix: randomToken(8)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, 'X'),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: input.metadata ?? {},
      name: input.name ?? null,
      next_invoice_sequence: 1,
      phone: input.phone ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: input.testClock ?? null,
    }
    this.engine.register('customers', customer)
    this.engine.emit('customer.created', customer, t)
    if (input.paymentMethod) this.engine.paymentMethods.attach(input.paymentMethod, customer.id)
    if (input.defaultPaymentMethod)
      this.update(customer.id, { defaultPaymentMethod: input.defaultPaymentMethod })
    return customer
  }

  update(
    id: string,
    patch: {
      email?: string | null | undefined
      name?: string | null | undefined
      description?: string | null | undefined
      phone?: string | null | undefined
      metadata?: Metadata | undefined
      defaultPaymentMethod?: string | null | undefined
    },
  ): Customer {
    const customer = this.engine.find<Customer>('cus_', id)
    const before = clone(customer)
    if (patch.email !== undefined) customer.email = patch.email
    if (patch.name !== undefined) customer.name = patch.name
    if (patch.description !== undefined) customer.description = patch.description
    if (patch.phone !== undefined) customer.phone = patch.phone
    if (patch.metadata !== undefined) customer.metadata = patch.metadata
    if (patch.defaultPaymentMethod !== undefined) {
      const pmId = patch.defaultPaymentMethod
      if (pmId !== null) {
        const pm = this.engine.find<PaymentMethod>('pm_', pmId, 'invoice_settings[default_payment_method]')
        if (pm.customer !== customer.id)
          throw invalidRequest(
            `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
            'invoice_settings[default_payment_method]',
            'resource_missing',
          )
      }
      customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: pmId }
    }
    const previous = previousAttributes(before, customer)
    if (previous) this.engine.emit('customer.updated', customer, this.engine.timeOfCustomer(id), previous)
    if (patch.defaultPaymentMethod) this.engine.invoices.retryAfterNewPaymentMethod(customer.id, null)
    return customer
  }
}
