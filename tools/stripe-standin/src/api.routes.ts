import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { StandinContext } from './context.ts'
import type { ItemChange, PaymentBehavior, ProrationBehavior } from './engine.ts'
import { StripeApiError, invalidRequest, missingParam, unauthorized } from './errors.ts'
import { parseForm, type FormObject, type FormValue } from './form.ts'
import {
  API_VERSION,
  newId,
  own,
  put,
  type CheckoutSession,
  type Invoice,
  type Subscription,
} from './model.ts'
import {
  asObject,
  mergeMetadata,
  optArray,
  optBool,
  optInt,
  optObject,
  optString,
  reqString,
  stringList,
} from './params.ts'
import { paginate, present } from './present.ts'
import { DAY } from './time.ts'

type Rest = { [key: string]: unknown }
type Call = { params: FormObject; id: string; t: number }
type Handler = (call: Call) => Rest

const IDEMPOTENCY_KEEP = 10_000

function keyHint(key: string): string {
  return key.length > 12
    ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : key
}

// Any test secret key is accepted; live keys and anything else get Stripe's 401 body.
function authenticate(request: FastifyRequest): void {
  const header = request.headers.authorization
  if (!header)
    throw unauthorized(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    )
  let key = ''
  if (header.startsWith('Bearer ')) key = header.slice(7).trim()
  else if (header.startsWith('Basic '))
    key = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0] ?? ''
  if (!/^(sk|rk)_test_\w+$/.test(key)) throw unauthorized(`Invalid API Key provided: ${keyHint(key)}`)
}

function rawQuery(request: FastifyRequest): string {
  const url = request.raw.url ?? ''
  const q = url.indexOf('?')
  return q === -1 ? '' : url.slice(q + 1)
}

function rawBody(request: FastifyRequest): string {
  return typeof request.body === 'string' ? request.body : ''
}

function sendError(reply: FastifyReply, error: StripeApiError, requestId: string): FastifyReply {
  return reply.code(error.status).send({
    error: { ...error.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` },
  })
}

function itemChanges(params: FormObject, key: string): ItemChange[] | undefined {
  const list = optArray(params, key)
  if (!list) return undefined
  return list.map((value: FormValue, index) => {
    const item = asObject(value, `${key}[${index}]`)
    const quantity = optInt(item, 'quantity', `${key}[${index}][quantity]`)
    const deleted = optBool(item, 'deleted')
    return {
      ...(optString(item, 'id') ? { id: optString(item, 'id') } : {}),
      ...(optString(item, 'price') ? { price: optString(item, 'price') } : {}),
      ...(quantity !== undefined ? { quantity } : {}),
      ...(deleted !== undefined ? { deleted } : {}),
    }
  })
}

function prorationBehavior(params: FormObject): ProrationBehavior | undefined {
  const value = optString(params, 'proration_behavior')
  if (value === undefined) return undefined
  if (value !== 'create_prorations' && value !== 'always_invoice' && value !== 'none')
    throw invalidRequest(
      `Invalid proration_behavior: must be one of create_prorations, always_invoice, or none`,
      'proration_behavior',
    )
  return value
}

function paymentBehavior(params: FormObject): PaymentBehavior | undefined {
  const value = optString(params, 'payment_behavior')
  if (value === undefined) return undefined
  // pending_if_incomplete and default_incomplete are not modelled: refusing is the closest safe reading.
  return value === 'allow_incomplete' ? 'allow_incomplete' : 'error_if_incomplete'
}

// `created[gte]=…` style filters.
function createdFilter(params: FormObject): (created: number) => boolean {
  const value = params.created
  if (value === undefined) return () => true
  if (typeof value === 'string') return (c) => c === Number(value)
  const range = asObject(value, 'created')
  const bound = (k: string): number | undefined => optInt(range, k, `created[${k}]`)
  const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')]
  return (c) =>
    (gt === undefined || c > gt) &&
    (gte === undefined || c >= gte) &&
    (lt === undefined || c < lt) &&
    (lte === undefined || c <= lte)
}

export function registerApiRoutes(app: FastifyInstance, ctx: StandinContext): void {
  const { engine } = ctx

  const route = (method: 'GET' | 'POST' | 'DELETE', url: string, handler: Handler): void => {
    app.route({
      method,
      url: `/v1${url}`,
      handler: async (request, reply) => {
        const requestId = newId('req_')
        void reply
          .header('request-id', requestId)
          .header('stripe-version', API_VERSION)
          .header('cache-control', 'no-cache, no-store')
        const idemKey = method === 'POST' ? request.headers['idempotency-key'] : undefined
        const key = typeof idemKey === 'string' && idemKey ? idemKey : null
        try {
          authenticate(request)
        } catch (error) {
          return sendError(reply, error as StripeApiError, requestId)
        }
        const text = method === 'GET' || method === 'DELETE' ? rawQuery(request) : rawBody(request)
        const fingerprint = createHash('sha256')
          .update(`${method} ${request.url.split('?')[0] ?? ''}\n${text}`)
          .digest('hex')
        if (key) {
          void reply.header('idempotency-key', key)
          const stored = own(engine.state.idempotency, key)
          if (stored) {
            if (stored.fingerprint !== fingerprint)
              return sendError(
                reply,
                new StripeApiError(400, {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                }),
                requestId,
              )
            return reply.code(stored.status).header('idempotent-replayed', 'true').send(stored.body)
          }
        }
        const remember = (status: number, body: unknown): void => {
          if (!key) return
          const store = engine.state.idempotency
          put(store, key, { fingerprint, status, body, at: engine.standinNow() })
          const keys = Object.keys(store)
          for (const old of keys.slice(0, Math.max(0, keys.length - IDEMPOTENCY_KEEP))) delete store[old]
          engine.persist()
        }
        try {
          const params = parseForm(text)
          const id = (request.params as { id?: string }).id ?? ''
          const body = ctx.transact(() => {
            const result = handler({ params, id, t: engine.standinNow() })
            return present(engine, result, stringList(params, 'expand'))
          })
          remember(200, body)
          return reply.code(200).send(body)
        } catch (error) {
          if (!(error instanceof StripeApiError)) {
            request.log.error({ err: error }, 'stripe stand-in: unexpected error')
            return sendError(
              reply,
              new StripeApiError(500, { type: 'api_error', message: 'An unknown error occurred' }),
              requestId,
            )
          }
          remember(error.status, {
            error: { ...error.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` },
          })
          return sendError(reply, error, requestId)
        }
      },
    })
  }

  const list = (objects: Rest[], params: FormObject, url: string): Rest =>
    paginate(engine, objects, params, url)

  // ── products and prices ─────────────────────────────────────────────────────────────────────

  route('GET', '/products/:id', ({ id }) => engine.find('prod_', id))
  route('GET', '/products', ({ params }) => {
    const active = optBool(params, 'active')
    return list(
      Object.values(engine.state.products).filter((p) => active === undefined || p.active === active),
      params,
      '/v1/products',
    )
  })
  route('GET', '/prices/:id', ({ id }) => engine.find('price_', id))
  route('GET', '/prices', ({ params }) => {
    const lookupKeys = stringList(params, 'lookup_keys')
    const active = optBool(params, 'active')
    const product = optString(params, 'product')
    const currency = optString(params, 'currency')
    const type = optString(params, 'type')
    const found = Object.values(engine.state.prices).filter(
      (p) =>
        (lookupKeys.length === 0 || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
        (active === undefined || p.active === active) &&
        (!product || p.product === product) &&
        (!currency || p.currency === currency) &&
        (!type || p.type === type),
    )
    return list(found, params, '/v1/prices')
  })

  // ── customers ───────────────────────────────────────────────────────────────────────────────

  route('POST', '/customers', ({ params }) => {
    const invoiceSettings = optObject(params, 'invoice_settings')
    return engine.customers.create({
      email: optString(params, 'email'),
      name: optString(params, 'name'),
      description: optString(params, 'description'),
      phone: optString(params, 'phone'),
      metadata: mergeMetadata({}, params),
      testClock: optString(params, 'test_clock'),
      paymentMethod: optString(params, 'payment_method'),
      defaultPaymentMethod: invoiceSettings
        ? optString(invoiceSettings, 'default_payment_method')
        : undefined,
    })
  })
  route('GET', '/customers/:id', ({ id }) => engine.find('cus_', id))
  route('POST', '/customers/:id', ({ id, params }) => {
    const customer = engine.find<{ metadata: Record<string, string> }>('cus_', id)
    const invoiceSettings = optObject(params, 'invoice_settings')
    const dpm = invoiceSettings ? optString(invoiceSettings, 'default_payment_method') : undefined
    const nullable = (k: string): string | null | undefined => {
      const v = optString(params, k)
      return v === '' ? null : v
    }
    return engine.customers.update(id, {
      email: nullable('email'),
      name: nullable('name'),
      description: nullable('description'),
      phone: nullable('phone'),
      metadata: params.metadata === undefined ? undefined : mergeMetadata(customer.metadata, params),
      defaultPaymentMethod: dpm === undefined ? undefined : dpm === '' ? null : dpm,
    })
  })
  route('GET', '/customers', ({ params }) => {
    const email = optString(params, 'email')
    const clock = optString(params, 'test_clock')
    const created = createdFilter(params)
    return list(
      Object.values(engine.state.customers).filter(
        (c) => (!email || c.email === email) && (!clock || c.test_clock === clock) && created(c.created),
      ),
      params,
      '/v1/customers',
    )
  })
  route('GET', '/customers/:id/payment_methods', ({ id, params }) => {
    engine.find('cus_', id, 'customer')
    const type = optString(params, 'type')
    return list(
      Object.values(engine.state.paymentMethods).filter(
        (pm) => pm.customer === id && (!type || pm.type === type),
      ),
      params,
      `/v1/customers/${id}/payment_methods`,
    )
  })

  // ── payment methods ─────────────────────────────────────────────────────────────────────────

  route('POST', '/payment_methods', ({ params, t }) => {
    const type = reqString(params, 'type')
    if (type !== 'card')
      throw invalidRequest(
        'The stand-in only supports type=card.',
        'type',
        'payment_method_invalid_parameter',
      )
    const card = optObject(params, 'card') ?? {}
    const token = optString(card, 'token')
    const billing = optObject(params, 'billing_details')
    const name = billing ? (optString(billing, 'name') ?? null) : null
    if (token) {
      // Stripe's tok_visa, tok_chargeDeclined, … map onto the pm_card_* shortcuts.
      const pm = engine.paymentMethods.resolvePaymentMethod(
        `pm_card_${token.replace(/^tok_/, '')}`,
        'card[token]',
      )
      pm.billing_details = { ...(pm.billing_details as Rest), name }
      return pm
    }
    return engine.paymentMethods.createCardFromInput(
      {
        number: reqString(card, 'number'),
        expMonth: reqString(card, 'exp_month'),
        expYear: reqString(card, 'exp_year'),
        cvc: optString(card, 'cvc') ?? '123',
      },
      name,
      t,
    )
  })
  route('GET', '/payment_methods/:id', ({ id }) => engine.find('pm_', id))
  route('GET', '/payment_methods', ({ params }) => {
    const customer = optString(params, 'customer')
    const type = optString(params, 'type')
    return list(
      Object.values(engine.state.paymentMethods).filter(
        (pm) =>
          pm.customer !== null && (!customer || pm.customer === customer) && (!type || pm.type === type),
      ),
      params,
      '/v1/payment_methods',
    )
  })
  route('POST', '/payment_methods/:id/attach', ({ id, params }) =>
    engine.paymentMethods.attach(id, reqString(params, 'customer')),
  )
  route('POST', '/payment_methods/:id/detach', ({ id }) => engine.paymentMethods.detach(id))

  // ── setup intents ───────────────────────────────────────────────────────────────────────────

  route('POST', '/setup_intents', ({ params }) => {
    // API 2026-10-28 calls it allowed_payment_method_types; older versions payment_method_types.
    const types = [
      ...stringList(params, 'payment_method_types'),
      ...stringList(params, 'allowed_payment_method_types'),
    ]
    if (types.some((type) => type !== 'card'))
      throw invalidRequest('The stand-in only supports card setup intents.', 'payment_method_types')
    const seti = engine.setupIntents.create({
      customer: optString(params, 'customer'),
      usage: optString(params, 'usage'),
      metadata: mergeMetadata({}, params),
    })
    const pm = optString(params, 'payment_method')
    if (pm) {
      seti.payment_method = engine.paymentMethods.resolvePaymentMethod(pm).id
      if (optBool(params, 'confirm'))
        return engine.setupIntents.confirm(String(seti.id), String(seti.payment_method))
    }
    return seti
  })
  route('GET', '/setup_intents/:id', ({ id }) => engine.find('seti_', id, 'intent'))
  route('GET', '/setup_intents', ({ params }) => {
    const customer = optString(params, 'customer')
    return list(
      Object.values(engine.state.setupIntents).filter((s) => !customer || s.customer === customer),
      params,
      '/v1/setup_intents',
    )
  })
  route('POST', '/setup_intents/:id/confirm', ({ id, params }) => {
    const seti = engine.find<{ payment_method: string | null }>('seti_', id, 'intent')
    const pm = optString(params, 'payment_method') ?? seti.payment_method
    if (!pm) throw missingParam('payment_method')
    return engine.setupIntents.confirm(id, pm)
  })
  route('POST', '/setup_intents/:id/cancel', ({ id }) => {
    const seti = engine.find<Rest & { status: string }>('seti_', id, 'intent')
    if (seti.status === 'succeeded')
      throw invalidRequest(
        'You cannot cancel this SetupIntent because it has a status of succeeded.',
        undefined,
        'setup_intent_unexpected_state',
      )
    seti.status = 'canceled'
    seti.cancellation_reason = 'requested_by_customer'
    engine.emit(
      'setup_intent.canceled',
      seti,
      engine.timeOfCustomer((seti.customer as string | null) ?? null),
    )
    return seti
  })

  // ── checkout sessions ───────────────────────────────────────────────────────────────────────

  route('POST', '/checkout/sessions', ({ params }) => {
    const mode = reqString(params, 'mode')
    if (mode !== 'subscription')
      throw invalidRequest(
        'The stand-in supports Checkout in subscription mode only.',
        'mode',
        'parameter_invalid_empty',
      )
    const customer = optString(params, 'customer')
    const customerEmail = optString(params, 'customer_email')
    if (customer && customerEmail)
      throw invalidRequest(
        'You may only specify one of these parameters: customer, customer_email.',
        'customer_email',
      )
    if (customer) engine.find('cus_', customer, 'customer')
    const successUrl = reqString(params, 'success_url')
    const rawLines = optArray(params, 'line_items')
    if (!rawLines || rawLines.length === 0) throw missingParam('line_items')
    const lines = rawLines.map((value, index) => {
      const line = asObject(value, `line_items[${index}]`)
      const price = reqString(line, 'price')
      const found = engine.find<{ active: boolean; type: string; unit_amount: number; currency: string }>(
        'price_',
        price,
        `line_items[${index}][price]`,
      )
      if (found.type !== 'recurring')
        throw invalidRequest(
          'In subscription mode, you must provide at least one recurring price.',
          `line_items[${index}][price]`,
        )
      const quantity = optInt(line, 'quantity', `line_items[${index}][quantity]`) ?? 1
      if (quantity < 1)
        throw invalidRequest(
          'This value must be greater than or equal to 1.',
          `line_items[${index}][quantity]`,
        )
      return { price, quantity, unit: found.unit_amount, currency: found.currency }
    })
    const subscriptionData = optObject(params, 'subscription_data') ?? {}
    const trialDays = optInt(subscriptionData, 'trial_period_days', 'subscription_data[trial_period_days]')
    if (trialDays !== undefined && (trialDays < 1 || trialDays > 730))
      throw invalidRequest(
        'trial_period_days must be between 1 and 730.',
        'subscription_data[trial_period_days]',
      )
    const t = engine.timeOfCustomer(customer ?? null)
    const id = newId('cs_test_')
    const amount = lines.reduce((sum, l) => sum + l.unit * l.quantity, 0)
    const cs: CheckoutSession = {
      id,
      object: 'checkout.session',
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: trialDays ? 0 : amount,
      amount_total: trialDays ? 0 : amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: optString(params, 'cancel_url') ?? null,
      client_reference_id: optString(params, 'client_reference_id') ?? null,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created: t,
      currency: lines[0]?.currency ?? 'usd',
      currency_conversion: null,
      custom_fields: [],
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: null,
        terms_of_service_acceptance: null,
      },
      customer: customer ?? null,
      customer_account: null,
      customer_creation: customer ? null : 'always',
      customer_details: customerEmail
        ? { address: null, email: customerEmail, name: null, phone: null, tax_exempt: 'none', tax_ids: null }
        : null,
      customer_email: customerEmail ?? null,
      discounts: [],
      expires_at: optInt(params, 'expires_at') ?? t + DAY,
      integration_identifier: null,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      managed_payments: null,
      metadata: mergeMetadata({}, params),
      mode: 'subscription',
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: 'always',
      payment_method_configuration_details: null,
      payment_method_options: { card: { request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      permissions: null,
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${ctx.options.publicBaseUrl}/checkout/${id}`,
      wallet_options: null,
    }
    engine.state.checkoutSessions[id] = cs
    engine.state.order[id] = ++engine.state.seq
    engine.state.checkoutLines[id] = lines.map(({ price, quantity }) => ({ price, quantity }))
    engine.state.checkoutTrials[id] = {
      trialDays: trialDays ?? null,
      metadata: mergeMetadata({}, subscriptionData),
    }
    return cs
  })
  route('GET', '/checkout/sessions/:id', ({ id }) => engine.find('cs_', id, 'session'))
  route('GET', '/checkout/sessions', ({ params }) => {
    const customer = optString(params, 'customer')
    const subscription = optString(params, 'subscription')
    const status = optString(params, 'status')
    return list(
      Object.values(engine.state.checkoutSessions).filter(
        (s) =>
          (!customer || s.customer === customer) &&
          (!subscription || s.subscription === subscription) &&
          (!status || s.status === status),
      ),
      params,
      '/v1/checkout/sessions',
    )
  })
  route('POST', '/checkout/sessions/:id/expire', ({ id }) => engine.checkout.expire(id))

  // ── billing portal ──────────────────────────────────────────────────────────────────────────

  route('POST', '/billing_portal/sessions', ({ params }) => {
    const customer = reqString(params, 'customer')
    engine.find('cus_', customer, 'customer')
    const id = `bps_${newId('bps_').slice(4)}`
    const session = {
      id,
      object: 'billing_portal.session' as const,
      configuration: 'bpc_StandinDefault',
      created: engine.timeOfCustomer(customer),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: optString(params, 'return_url') ?? null,
      url: `${ctx.options.publicBaseUrl}/portal/${id}`,
    }
    engine.state.portalSessions[id] = session
    engine.state.order[id] = ++engine.state.seq
    return session
  })

  // ── subscriptions ───────────────────────────────────────────────────────────────────────────

  route('POST', '/subscriptions', ({ params }) => {
    const items = itemChanges(params, 'items')
    if (!items || items.length === 0) throw missingParam('items')
    return engine.subscriptions.create({
      customer: reqString(params, 'customer'),
      items: items.map((item, i) => {
        if (!item.price) throw missingParam(`items[${i}][price]`)
        return { price: item.price, quantity: item.quantity ?? 1 }
      }),
      trialPeriodDays: optInt(params, 'trial_period_days'),
      trialEnd: optInt(params, 'trial_end'),
      defaultPaymentMethod: optString(params, 'default_payment_method') || undefined,
      metadata: mergeMetadata({}, params),
      paymentBehavior: paymentBehavior(params) ?? 'allow_incomplete',
    })
  })
  route('GET', '/subscriptions/:id', ({ id }) => engine.find('sub_', id))
  route('GET', '/subscriptions', ({ params }) => {
    const customer = optString(params, 'customer')
    const status = optString(params, 'status')
    const price = optString(params, 'price')
    const clock = optString(params, 'test_clock')
    // Stripe leaves canceled subscriptions out unless asked for them (status=canceled or all).
    const statusOk = (s: Subscription): boolean =>
      status === 'all'
        ? true
        : status
          ? s.status === status
          : s.status !== 'canceled' && s.status !== 'incomplete_expired'
    return list(
      Object.values(engine.state.subscriptions).filter(
        (s) =>
          (!customer || s.customer === customer) &&
          statusOk(s) &&
          (!price || s.items.data.some((i) => i.price.id === price)) &&
          (!clock || s.test_clock === clock),
      ),
      params,
      '/v1/subscriptions',
    )
  })
  route('POST', '/subscriptions/:id', ({ id, params }) => {
    const sub = engine.find<Subscription>('sub_', id)
    const dpm = optString(params, 'default_payment_method')
    const details = optObject(params, 'cancellation_details')
    return engine.subscriptions.update(id, {
      items: itemChanges(params, 'items'),
      prorationBehavior: prorationBehavior(params),
      prorationDate: optInt(params, 'proration_date'),
      paymentBehavior: paymentBehavior(params),
      cancelAtPeriodEnd: optBool(params, 'cancel_at_period_end'),
      defaultPaymentMethod: dpm === undefined ? undefined : dpm === '' ? null : dpm,
      metadata: params.metadata === undefined ? undefined : mergeMetadata(sub.metadata, params),
      cancellationComment: details ? optString(details, 'comment') : undefined,
    })
  })
  route('DELETE', '/subscriptions/:id', ({ id }) => engine.subscriptions.cancel(id))

  // ── invoices ────────────────────────────────────────────────────────────────────────────────

  route('POST', '/invoices/create_preview', ({ params }) => {
    const details = optObject(params, 'subscription_details') ?? {}
    const customer = optString(params, 'customer')
    const subscription = optString(params, 'subscription')
    if (!customer && !subscription) throw missingParam('customer')
    return engine.subscriptions.previewInvoice({
      customer,
      subscription,
      items: itemChanges(details, 'items'),
      prorationDate: optInt(details, 'proration_date', 'subscription_details[proration_date]'),
      prorationBehavior: prorationBehavior(details),
    })
  })
  route('GET', '/invoices/:id', ({ id }) => engine.find('in_', id))
  route('GET', '/invoices/:id/lines', ({ id, params }) => {
    // Lines have no creation order of their own: paginate them in the invoice's order.
    const invoice = engine.find<Invoice>('in_', id)
    return paginate(engine, invoice.lines.data, params, `/v1/invoices/${id}/lines`)
  })
  route('GET', '/invoices', ({ params }) => {
    const customer = optString(params, 'customer')
    const subscription = optString(params, 'subscription')
    const status = optString(params, 'status')
    const created = createdFilter(params)
    return list(
      Object.values(engine.state.invoices).filter(
        (i) =>
          (!customer || i.customer === customer) &&
          (!subscription || i.parent?.subscription_details?.subscription === subscription) &&
          (!status || i.status === status) &&
          created(i.created),
      ),
      params,
      '/v1/invoices',
    )
  })
  route('POST', '/invoices/:id/pay', ({ id }) => engine.invoices.pay(id))
  route('GET', '/invoiceitems', ({ params }) => {
    const customer = optString(params, 'customer')
    const pending = optBool(params, 'pending')
    return list(
      Object.values(engine.state.invoiceItems).filter(
        (ii) =>
          (!customer || ii.customer === customer) &&
          (pending === undefined || (ii.invoice === null) === pending),
      ),
      params,
      '/v1/invoiceitems',
    )
  })
  route('GET', '/invoice_payments', ({ params }) => {
    const invoice = optString(params, 'invoice')
    return list(
      Object.values(engine.state.invoicePayments).filter((p) => !invoice || p.invoice === invoice),
      params,
      '/v1/invoice_payments',
    )
  })
  route('GET', '/payment_intents/:id', ({ id }) => engine.find('pi_', id, 'intent'))

  // ── test clocks ─────────────────────────────────────────────────────────────────────────────

  route('POST', '/test_helpers/test_clocks', ({ params }) => {
    const frozen = optInt(params, 'frozen_time')
    if (frozen === undefined) throw missingParam('frozen_time')
    return engine.testClocks.create(frozen, optString(params, 'name') ?? null)
  })
  route('GET', '/test_helpers/test_clocks/:id', ({ id }) => engine.find('clock_', id, 'test_clock'))
  route('GET', '/test_helpers/test_clocks', ({ params }) =>
    list(Object.values(engine.state.testClocks), params, '/v1/test_helpers/test_clocks'),
  )
  route('POST', '/test_helpers/test_clocks/:id/advance', ({ id, params }) => {
    const frozen = optInt(params, 'frozen_time')
    if (frozen === undefined) throw missingParam('frozen_time')
    return engine.testClocks.advance(id, frozen)
  })
  route('DELETE', '/test_helpers/test_clocks/:id', ({ id }) => {
    engine.find('clock_', id, 'test_clock')
    delete engine.state.testClocks[id]
    return { id, object: 'test_helpers.test_clock', deleted: true }
  })

  // ── events ──────────────────────────────────────────────────────────────────────────────────

  route('GET', '/events/:id', ({ id }) => engine.find('evt_', id))
  route('GET', '/events', ({ params }) => {
    const type = optString(params, 'type')
    const types = stringList(params, 'types')
    const created = createdFilter(params)
    // `type` accepts Stripe's wildcard form, e.g. customer.subscription.*
    const matches = (t: string): boolean =>
      (!type || (type.endsWith('.*') ? t.startsWith(type.slice(0, -1)) : t === type)) &&
      (types.length === 0 || types.includes(t))
    return list(
      Object.values(engine.state.events).filter((e) => matches(e.type) && created(e.created)),
      params,
      '/v1/events',
    )
  })

  // Stripe's answer for a URL it does not know.
  app.all('/v1/*', async (request, reply) =>
    sendError(
      reply,
      new StripeApiError(404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${(request.url.split('?')[0] ?? '').replace(/^.*?(?=\/v1\/)/, '')}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      }),
      newId('req_'),
    ),
  )
}
