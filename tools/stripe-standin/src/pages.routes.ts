import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { TEST_CARDS, type CardInput } from './cards.ts'
import type { StandinContext } from './context.ts'
import { StripeApiError } from './errors.ts'
import { parseForm, type FormObject } from './form.ts'
import { html, page, STYLESHEET, type Html } from './html.ts'
import type {
  CheckoutSession,
  Customer,
  Invoice,
  PaymentMethod,
  PortalSession,
  SetupIntent,
  Subscription,
} from './model.ts'
import { own } from './model.ts'
import { formatDate, formatMoney } from './time.ts'

// The pages a person sees on Stripe's side: Checkout, the customer portal, a card form for setup
// intents (instead of Stripe Elements) and the hosted invoice. Forms post back here and every action
// is a real change of state with its webhooks.

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
}

const STATUS_WORDS: Record<string, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  canceled: 'Canceled',
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
}

function send(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .send(body)
}

function formOf(request: FastifyRequest): FormObject {
  return parseForm(typeof request.body === 'string' ? request.body : '')
}

function field(form: FormObject, key: string): string {
  const value = form[key]
  return typeof value === 'string' ? value.trim() : ''
}

function cardInput(form: FormObject): CardInput {
  return {
    number: field(form, 'number'),
    expMonth: field(form, 'exp_month'),
    expYear: field(form, 'exp_year'),
    cvc: field(form, 'cvc'),
  }
}

// Only absolute http(s) URLs are followed after a page: never a javascript: or relative target.
/**
 * A return, success or cancel URL the hosted pages may send the browser to: only on one of the origins the
 * host named (its own site), so a link to this page can never be used to bounce a user somewhere else.
 */
export function allowedReturnUrl(
  value: string | null | undefined,
  origins: readonly string[],
): string | null {
  if (!value) return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return origins.includes(url.origin) ? url.toString() : null
  } catch {
    return null
  }
}

function withParams(base: string, params: Record<string, string>): string {
  const url = new URL(base)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.toString()
}

function cardLabel(pm: PaymentMethod): string {
  return `${BRAND_NAMES[pm.card.brand] ?? pm.card.brand} ending in ${pm.card.last4}`
}

function expiry(pm: PaymentMethod): string {
  return `${String(pm.card.exp_month).padStart(2, '0')}/${pm.card.exp_year}`
}

/** The card fields shared by Checkout and the setup page; `error` is Stripe's message for the last try. */
function cardFields(error: StripeApiError | null, values: CardInput & { name: string }): Html {
  const param = error?.body.param
  const invalid = (p: string): string =>
    error && (param === p || (!param && p === 'number')) ? 'true' : 'false'
  const described = (p: string): string | null => (invalid(p) === 'true' ? 'card-error' : null)
  return html`<fieldset>
      <legend>Card information</legend>
      <div>
        <label for="number">Card number</label>
        <input
          id="number"
          name="number"
          inputmode="numeric"
          autocomplete="cc-number"
          required
          value="${values.number}"
          aria-invalid="${invalid('number')}"
          ${described('number') ? html`aria-describedby="card-error"` : ''}
        />
      </div>
      <div class="row">
        <div>
          <label for="exp_month">Expiry month (MM)</label>
          <input
            id="exp_month"
            name="exp_month"
            inputmode="numeric"
            autocomplete="cc-exp-month"
            maxlength="2"
            required
            value="${values.expMonth}"
            aria-invalid="${invalid('exp_month')}"
            ${described('exp_month') ? html`aria-describedby="card-error"` : ''}
          />
        </div>
        <div>
          <label for="exp_year">Expiry year (YY)</label>
          <input
            id="exp_year"
            name="exp_year"
            inputmode="numeric"
            autocomplete="cc-exp-year"
            maxlength="4"
            required
            value="${values.expYear}"
            aria-invalid="${invalid('exp_year')}"
            ${described('exp_year') ? html`aria-describedby="card-error"` : ''}
          />
        </div>
        <div>
          <label for="cvc">Security code (CVC)</label>
          <input
            id="cvc"
            name="cvc"
            inputmode="numeric"
            autocomplete="cc-csc"
            maxlength="4"
            required
            value=""
            aria-invalid="${invalid('cvc')}"
            ${described('cvc') ? html`aria-describedby="card-error"` : ''}
          />
        </div>
      </div>
      <div>
        <label for="name">Name on card</label>
        <input id="name" name="name" autocomplete="cc-name" value="${values.name}" />
      </div>
    </fieldset>
    ${error ? html`<p class="error" id="card-error" role="alert">${error.message}</p>` : ''}
    <details>
      <summary>Test cards</summary>
      <ul>
        ${TEST_CARDS.map(
          (c) =>
            html`<li>
              <code>${c.number}</code>
              (${BRAND_NAMES[c.brand] ?? c.brand}${c.declineOnSave ? ', declined' : c.declineOnCharge ? ', saved but every charge fails' : ''})
            </li>`,
        )}
      </ul>
      <p class="muted">Any future expiry date and any 3-digit CVC (4 digits for American Express).</p>
    </details>`
}

const EMPTY_CARD = { number: '', expMonth: '', expYear: '', cvc: '', name: '' }

export function registerPageRoutes(app: FastifyInstance, ctx: StandinContext): void {
  const safeUrl = (value: string | null | undefined): string | null =>
    allowedReturnUrl(value, ctx.options.returnOrigins)
  const { engine, basePath, options } = ctx
  const render = (title: string, body: Html): string =>
    page({ basePath, title, businessName: options.businessName, body })
  const notFound = (reply: FastifyReply, what: string): FastifyReply =>
    send(
      reply,
      404,
      render(
        'Not found',
        html`<h1>${what} not found</h1>
          <p>This link is not valid.</p>`,
      ),
    )

  app.get('/assets/standin.css', async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(STYLESHEET),
  )

  // ── Checkout ────────────────────────────────────────────────────────────────────────────────

  const checkoutPage = (
    cs: CheckoutSession,
    error: StripeApiError | null,
    values: CardInput & { name: string; email: string },
  ): string => {
    const lines = own(engine.state.checkoutLines, cs.id) ?? []
    const trialDays = own(engine.state.checkoutTrials, cs.id)?.trialDays ?? null
    const t = engine.timeOfCustomer(cs.customer)
    const customer = cs.customer ? own(engine.state.customers, cs.customer) : undefined
    const email = customer?.email ?? cs.customer_email
    const rows = lines.map((line) => {
      const price = own(engine.state.prices, line.price)
      const product = price ? own(engine.state.products, price.product) : undefined
      return {
        name: product?.name ?? 'Subscription',
        quantity: line.quantity,
        unit: price?.unit_amount ?? 0,
        interval: price?.recurring.interval ?? 'month',
        currency: price?.currency ?? 'usd',
      }
    })
    const total = rows.reduce((sum, r) => sum + r.unit * r.quantity, 0)
    const currency = rows[0]?.currency ?? 'usd'
    const interval = rows[0]?.interval ?? 'month'
    const title = `Subscribe to ${rows.map((r) => r.name).join(', ')}`
    const cancelUrl = safeUrl(cs.cancel_url)
    return render(
      title,
      html`<h1>${title}</h1>
        <section class="panel" aria-labelledby="order-heading">
          <h2 id="order-heading">Order summary</h2>
          <dl class="summary">
            ${rows.map(
              (r) =>
                html`<dt>${r.name}</dt>
                  <dd>
                    ${r.quantity} ${r.quantity === 1 ? 'seat' : 'seats'} × ${formatMoney(r.unit, r.currency)}
                    per ${r.interval}
                  </dd>`,
            )}
            <dt>Total per ${interval}</dt>
            <dd>${formatMoney(total, currency)}</dd>
            ${
              trialDays
                ? html`<dt>Free trial</dt>
                    <dd>
                      ${trialDays} days, then ${formatMoney(total, currency)} per ${interval} starting
                      ${formatDate(t + trialDays * 86_400)}
                    </dd>`
                : ''
            }
            <dt>Due today</dt>
            <dd class="amount">${formatMoney(trialDays ? 0 : total, currency)}</dd>
          </dl>
        </section>
        <form class="card" method="post" action="${basePath}/checkout/${cs.id}" novalidate>
          ${
            email
              ? html`<p>Paying as <strong>${email}</strong></p>`
              : html`<div>
                  <label for="email">Email</label>
                  <input
                    id="email"
                    name="email"
                    type="email"
                    autocomplete="email"
                    required
                    value="${values.email}"
                  />
                </div>`
          }
          ${cardFields(error, values)}
          <div class="actions">
            <button type="submit">${trialDays ? 'Start trial' : 'Subscribe'}</button>
            ${cancelUrl ? html`<a class="button secondary" href="${cancelUrl}">Cancel</a>` : ''}
          </div>
        </form>`,
    )
  }

  app.get('/checkout/:id', async (request, reply) => {
    const { id } = request.params as { id: string }
    return ctx.transact(() => {
      const cs = own(engine.state.checkoutSessions, id)
      if (!cs) return notFound(reply, 'Checkout session')
      if (cs.status === 'open' && engine.timeOfCustomer(cs.customer) >= cs.expires_at)
        engine.checkout.expire(cs.id)
      if (cs.status !== 'open') {
        const next = safeUrl(
          cs.status === 'complete' ? cs.success_url?.replace('{CHECKOUT_SESSION_ID}', cs.id) : cs.cancel_url,
        )
        const heading =
          cs.status === 'complete' ? 'This checkout is complete' : 'This checkout session has expired'
        return send(
          reply,
          cs.status === 'complete' ? 200 : 410,
          render(
            heading,
            html`<h1>${heading}</h1>
              ${next ? html`<p><a href="${next}">Return to ${options.businessName}</a></p>` : ''}`,
          ),
        )
      }
      return send(reply, 200, checkoutPage(cs, null, { ...EMPTY_CARD, email: '' }))
    })
  })

  app.post('/checkout/:id', async (request, reply) => {
    const { id } = request.params as { id: string }
    const form = formOf(request)
    const cs = own(engine.state.checkoutSessions, id)
    if (!cs) return notFound(reply, 'Checkout session')
    const values = { ...cardInput(form), name: field(form, 'name'), email: field(form, 'email') }
    try {
      const done = ctx.transact(() =>
        engine.checkout.complete(id, cardInput(form), values.email || null, values.name || null),
      )
      const success = safeUrl(String(done.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', id))
      if (!success)
        return send(
          reply,
          200,
          render(
            'Thank you',
            html`<h1>Thank you</h1>
              <p>Your subscription has started.</p>`,
          ),
        )
      return reply.code(303).header('location', success).send()
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error
      const current = own(engine.state.checkoutSessions, id)
      if (!current || current.status !== 'open')
        return send(
          reply,
          410,
          render('Checkout closed', html`<h1>This checkout session is no longer active</h1>`),
        )
      return send(reply, error.status === 402 ? 402 : 400, checkoutPage(current, error, values))
    }
  })

  // ── Setup (card form for setup intents) ─────────────────────────────────────────────────────

  const setupPage = (
    seti: SetupIntent,
    returnUrl: string | null,
    error: StripeApiError | null,
    name: string,
  ): string => {
    const customer = seti.customer ? own(engine.state.customers, seti.customer) : undefined
    const action = `${basePath}/setup/${seti.id}${returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ''}`
    return render(
      'Add a card',
      html`<h1>Add a card</h1>
        <p>
          ${customer?.email ? html`Saving a card for <strong>${customer.email}</strong>. ` : ''}It will be
          charged for future invoices.
        </p>
        <form class="card" method="post" action="${action}" novalidate>
          ${cardFields(error, { ...EMPTY_CARD, name })}
          <div class="actions">
            <button type="submit">Save card</button>
            ${returnUrl ? html`<a class="button secondary" href="${returnUrl}">Cancel</a>` : ''}
          </div>
        </form>`,
    )
  }

  app.get('/setup/:id', async (request, reply) => {
    const { id } = request.params as { id: string }
    const { return_url: returnUrl } = request.query as { return_url?: string }
    const seti = own(engine.state.setupIntents, id)
    if (!seti) return notFound(reply, 'Setup request')
    if (seti.status !== 'requires_payment_method')
      return send(
        reply,
        410,
        render('Card already saved', html`<h1>This card request is no longer open</h1>`),
      )
    return send(reply, 200, setupPage(seti, safeUrl(returnUrl), null, ''))
  })

  app.post('/setup/:id', async (request, reply) => {
    const { id } = request.params as { id: string }
    const { return_url: rawReturn } = request.query as { return_url?: string }
    const returnUrl = safeUrl(rawReturn)
    const form = formOf(request)
    const seti = own(engine.state.setupIntents, id)
    if (!seti) return notFound(reply, 'Setup request')
    try {
      ctx.transact(() => {
        const pm = engine.paymentMethods.createCardFromInput(
          cardInput(form),
          field(form, 'name') || null,
          engine.timeOfCustomer(seti.customer),
        )
        engine.setupIntents.confirm(id, pm.id)
        // A card added from the hosted portal becomes the default when the customer has none.
        const portal = (seti.metadata as Record<string, string>).standin_portal
        const customer = seti.customer ? own(engine.state.customers, seti.customer) : undefined
        if (portal && customer && !customer.invoice_settings.default_payment_method)
          engine.customers.update(customer.id, { defaultPaymentMethod: pm.id })
      })
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error
      const current = own(engine.state.setupIntents, id) ?? seti
      return send(
        reply,
        error.status === 402 ? 402 : 400,
        setupPage(current, returnUrl, error, field(form, 'name')),
      )
    }
    if (!returnUrl) return send(reply, 200, render('Card saved', html`<h1>Card saved</h1>`))
    const done = own(engine.state.setupIntents, id) as SetupIntent
    return reply
      .code(303)
      .header(
        'location',
        withParams(returnUrl, {
          setup_intent: id,
          setup_intent_client_secret: done.client_secret,
          redirect_status: 'succeeded',
        }),
      )
      .send()
  })

  // ── Customer portal ─────────────────────────────────────────────────────────────────────────

  const NOTICES: Record<string, string> = {
    canceled: 'Your plan will be canceled at the end of the billing period.',
    renewed: 'Your plan will renew.',
    default: 'Your default card was changed.',
    removed: 'The card was removed.',
    succeeded: 'Your card was added.',
  }

  const portalPage = (session: PortalSession, notice: string | null, error: string | null): string => {
    const customer = own(engine.state.customers, session.customer) as Customer
    const t = engine.timeOfCustomer(customer.id)
    const subs = Object.values(engine.state.subscriptions).filter(
      (s) => s.customer === customer.id && s.status !== 'canceled' && s.status !== 'incomplete_expired',
    )
    const cards = Object.values(engine.state.paymentMethods).filter((pm) => pm.customer === customer.id)
    const invoices = Object.values(engine.state.invoices)
      .filter((i) => i.customer === customer.id && i.status !== 'draft')
      .sort(
        (a, b) =>
          b.created - a.created ||
          (own(engine.state.order, b.id) ?? 0) - (own(engine.state.order, a.id) ?? 0),
      )
    const defaultPm = customer.invoice_settings.default_payment_method
    const returnUrl = safeUrl(session.return_url)
    const action = (path: string): string => `${basePath}/portal/${session.id}/${path}`
    const subscriptionBlock = (sub: Subscription): Html => {
      const item = sub.items.data[0]
      const name = item
        ? (own(engine.state.products, item.price.product)?.name ?? 'Subscription')
        : 'Subscription'
      const amount = sub.items.data.reduce((sum, i) => sum + i.price.unit_amount * i.quantity, 0)
      const currency = item?.price.currency ?? 'usd'
      const interval = item?.price.recurring.interval ?? 'month'
      const end = item?.current_period_end ?? t
      const when = sub.cancel_at_period_end
        ? `Cancels on ${formatDate(end)}`
        : sub.status === 'trialing'
          ? `Trial ends on ${formatDate(sub.trial_end ?? end)}`
          : `Renews on ${formatDate(end)}`
      return html`<div class="panel">
        <p>
          <strong>${name}</strong> · ${item?.quantity ?? 0} ${item?.quantity === 1 ? 'seat' : 'seats'} ·
          ${formatMoney(amount, currency)} per ${interval} ·
          <span>${STATUS_WORDS[sub.status] ?? sub.status}</span>
        </p>
        <p class="muted">${when}</p>
        <form method="post" action="${action(sub.cancel_at_period_end ? 'renew' : 'cancel')}" class="actions">
          <input type="hidden" name="subscription" value="${sub.id}" />
          ${
            sub.cancel_at_period_end
              ? html`<button type="submit" class="secondary">Renew plan</button>`
              : html`<button type="submit" class="danger">Cancel plan</button>`
          }
        </form>
      </div>`
    }
    return render(
      'Billing',
      html`<h1>Manage your billing</h1>
        <p>${customer.name ?? ''}${customer.name && customer.email ? ' · ' : ''}${customer.email ?? ''}</p>
        ${returnUrl ? html`<p><a href="${returnUrl}">Return to ${options.businessName}</a></p>` : ''}
        ${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
        ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
        <section aria-labelledby="plan-heading">
          <h2 id="plan-heading">Current plan</h2>
          ${subs.length > 0 ? subs.map(subscriptionBlock) : html`<p>No active subscription.</p>`}
        </section>
        <section aria-labelledby="cards-heading">
          <h2 id="cards-heading">Payment methods</h2>
          ${
            cards.length === 0
              ? html`<p>No card on file.</p>`
              : html`<ul class="cards">
                  ${cards.map(
                    (pm) =>
                      html`<li>
                        <span
                          >${cardLabel(pm)}, expires
                          ${expiry(pm)}${pm.id === defaultPm ? html`<span class="tag">Default</span>` : ''}</span
                        >
                        <span class="actions">
                          ${
                            pm.id === defaultPm
                              ? ''
                              : html`<form method="post" action="${action('cards/default')}">
                                  <input type="hidden" name="payment_method" value="${pm.id}" />
                                  <button
                                    type="submit"
                                    class="secondary"
                                    aria-label="Make ${cardLabel(pm)} the default"
                                  >
                                    Make default
                                  </button>
                                </form>`
                          }
                          <form method="post" action="${action('cards/remove')}">
                            <input type="hidden" name="payment_method" value="${pm.id}" />
                            <button type="submit" class="danger" aria-label="Remove ${cardLabel(pm)}">
                              Remove
                            </button>
                          </form>
                        </span>
                      </li>`,
                  )}
                </ul>`
          }
          <form method="post" action="${action('cards/add')}" class="actions" style="margin-top: 0.75rem">
            <button type="submit" class="secondary">Add payment method</button>
          </form>
        </section>
        <section aria-labelledby="invoices-heading">
          <h2 id="invoices-heading">Invoice history</h2>
          ${
            invoices.length === 0
              ? html`<p>No invoices yet.</p>`
              : html`<table>
                  <caption class="muted" style="text-align: left">
                    Newest first
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col" class="num">Amount</th>
                      <th scope="col">Status</th>
                      <th scope="col">Invoice</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${invoices.map(
                      (inv: Invoice) =>
                        html`<tr>
                          <td>${formatDate(inv.created)}</td>
                          <td class="num">${formatMoney(inv.amount_due, inv.currency)}</td>
                          <td>${STATUS_WORDS[inv.status] ?? inv.status}</td>
                          <td><a href="${basePath}/invoices/${inv.id}">${inv.number ?? inv.id}</a></td>
                        </tr>`,
                    )}
                  </tbody>
                </table>`
          }
        </section>`,
    )
  }

  const portalSession = (request: FastifyRequest): PortalSession | undefined =>
    own(engine.state.portalSessions, (request.params as { id: string }).id)

  app.get('/portal/:id', async (request, reply) => {
    const session = portalSession(request)
    if (!session || !own(engine.state.customers, session.customer)) return notFound(reply, 'Billing session')
    const query = request.query as { notice?: string; redirect_status?: string }
    const notice = NOTICES[query.notice ?? query.redirect_status ?? ''] ?? null
    return ctx.transact(() => send(reply, 200, portalPage(session, notice, null)))
  })

  const portalAction = (
    path: string,
    act: (session: PortalSession, form: FormObject) => string | { redirect: string },
  ): void => {
    app.post(`/portal/:id/${path}`, async (request, reply) => {
      const session = portalSession(request)
      if (!session || !own(engine.state.customers, session.customer))
        return notFound(reply, 'Billing session')
      const form = formOf(request)
      try {
        const outcome = ctx.transact(() => act(session, form))
        const target =
          typeof outcome === 'string'
            ? `${basePath}/portal/${session.id}?notice=${outcome}`
            : outcome.redirect
        return reply.code(303).header('location', target).send()
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error
        return send(reply, error.status, portalPage(session, null, error.message))
      }
    })
  }

  // Only the session's own customer's objects can be changed from its page.
  const ownSubscription = (session: PortalSession, form: FormObject): Subscription => {
    const sub = own(engine.state.subscriptions, field(form, 'subscription'))
    if (!sub || sub.customer !== session.customer)
      throw new StripeApiError(404, {
        type: 'invalid_request_error',
        message: 'That subscription was not found.',
      })
    return sub
  }
  const ownCard = (session: PortalSession, form: FormObject): PaymentMethod => {
    const pm = own(engine.state.paymentMethods, field(form, 'payment_method'))
    if (!pm || pm.customer !== session.customer)
      throw new StripeApiError(404, { type: 'invalid_request_error', message: 'That card was not found.' })
    return pm
  }

  portalAction('cancel', (session, form) => {
    engine.subscriptions.update(ownSubscription(session, form).id, { cancelAtPeriodEnd: true })
    return 'canceled'
  })
  portalAction('renew', (session, form) => {
    engine.subscriptions.update(ownSubscription(session, form).id, { cancelAtPeriodEnd: false })
    return 'renewed'
  })
  portalAction('cards/default', (session, form) => {
    engine.customers.update(session.customer, { defaultPaymentMethod: ownCard(session, form).id })
    return 'default'
  })
  portalAction('cards/remove', (session, form) => {
    engine.paymentMethods.detach(ownCard(session, form).id)
    return 'removed'
  })
  portalAction('cards/add', (session) => {
    const seti = engine.setupIntents.create({
      customer: session.customer,
      usage: 'off_session',
      metadata: { standin_portal: session.id },
    })
    const back = `${options.publicBaseUrl}/portal/${session.id}`
    return { redirect: `${basePath}/setup/${String(seti.id)}?return_url=${encodeURIComponent(back)}` }
  })

  // ── Hosted invoice ──────────────────────────────────────────────────────────────────────────

  app.get('/invoices/:id', async (request, reply) => {
    const { id } = request.params as { id: string }
    const invoice = own(engine.state.invoices, id)
    if (!invoice) return notFound(reply, 'Invoice')
    const payment = Object.values(engine.state.invoicePayments).find(
      (p) => p.invoice === id && p.status === 'paid',
    )
    const pi = payment ? own(engine.state.paymentIntents, payment.payment.payment_intent) : undefined
    const pm = pi?.payment_method ? own(engine.state.paymentMethods, pi.payment_method) : undefined
    const title = `Invoice ${invoice.number ?? invoice.id}`
    return send(
      reply,
      200,
      render(
        title,
        html`<h1>${title}</h1>
          <dl class="summary panel">
            <dt>Status</dt>
            <dd>${STATUS_WORDS[invoice.status] ?? invoice.status}</dd>
            <dt>Date</dt>
            <dd>${formatDate(invoice.created)}</dd>
            <dt>Amount due</dt>
            <dd>${formatMoney(invoice.amount_due, invoice.currency)}</dd>
            <dt>Amount paid</dt>
            <dd>${formatMoney(invoice.amount_paid, invoice.currency)}</dd>
            ${
              pm
                ? html`<dt>Paid with</dt>
                    <dd>${cardLabel(pm)}</dd>`
                : ''
            }
          </dl>
          <table>
            <caption class="muted" style="text-align: left">
              Lines
            </caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col">Period</th>
                <th scope="col" class="num">Amount</th>
              </tr>
            </thead>
            <tbody>
              ${invoice.lines.data.map(
                (line) =>
                  html`<tr>
                    <td>${line.description ?? ''}</td>
                    <td>${formatDate(line.period.start)} – ${formatDate(line.period.end)}</td>
                    <td class="num">${formatMoney(line.amount, invoice.currency)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`,
      ),
    )
  })
}
