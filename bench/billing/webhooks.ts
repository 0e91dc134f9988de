// Stripe webhook processing, in its two halves: events per second and latency (p50/p99) of
// POST /api/billing/webhooks/stripe/ (the signature checked over the raw body, the event recorded once and
// queued), then of applying each received event as its queued job does (the subscription it names read back
// from the in-process Stripe stand-in and applied). Also the answer to a repeated delivery.
// Usage: npx tsx bench/billing/webhooks.ts [events] [concurrency]
import { buildApp } from '../../apps/api/src/app.ts'
import { embeddedBlueButtonConfig, type AppConfig } from '../../apps/api/src/platform/config.ts'
import { applyStripeEvent } from '../../apps/api/src/features/billing/index.ts'
import { stripeGateway } from '../../apps/api/src/features/billing/stripe-gateway.ts'
import { BENCH } from '../patients/settings.ts'

const events = Number(process.argv[2] ?? 2_000)
const concurrency = Number(process.argv[3] ?? 8)

function config(): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://localhost:8000',
    database: { kind: 'pglite', dataDir: null },
    dataDir: '/tmp/blueconsent-bench-webhooks',
    dataEncryptionKey: BENCH.encryptionKey,
    jwtSecret: BENCH.jwtSecret,
    smtpUrl: undefined,
    mailFrom: 'BlueConsent <no-reply@blueconsent.test>',
    redisUrl: undefined,
    devTools: false,
    demoSeed: false,
    runWorkers: false,
    migrateOnStart: true,
    appDatabaseRole: undefined,
    logLevel: 'silent',
    logFormat: 'json',
    webDistDir: '/tmp/blueconsent-bench-no-web',
    rateLimitPerMinute: 1_000_000_000,
    invitationTtlHours: 48,
    supportEmail: 'support@blueconsent.test',
    trustProxy: false,
    bluebutton: embeddedBlueButtonConfig('http://localhost:8000'),
  }
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

async function main(): Promise<void> {
  const app = await buildApp(config())
  const { stripe, webhookSecret } = stripeGateway(app.ctx)
  // One organisation's subscription for the events to name (the account is created as a checkout would).
  const [organization] = (
    await app.ctx.database.executeSql(
      `insert into organizations (name, organization_type) values ('Bench Billing', 'INDIVIDUAL') returning id`,
    )
  ).rows as { id: string }[]
  const customer = await stripe.customers.create({ email: 'bench@example.org' })
  const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id })
  const price = (await stripe.prices.list({ lookup_keys: ['blueconsent_seat_monthly'] })).data[0]
  const subscription = await stripe.subscriptions.create({
    customer: customer.id,
    items: [{ price: price?.id ?? '', quantity: 1 }],
    default_payment_method: card.id,
  })
  await app.ctx.database.executeSql(
    `insert into billing_accounts (organization_id, account_type, stripe_customer_id) values ('${organization?.id}', 'INDIVIDUAL', '${customer.id}')`,
  )
  const bodies = Array.from({ length: events }, (_, index) =>
    JSON.stringify({
      id: `evt_bench_${index}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      api_version: '2026-10-28.endive',
      data: { object: { id: subscription.id, object: 'subscription', customer: customer.id } },
    }),
  )
  const post = async (body: string) => {
    const started = performance.now()
    const response = await app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe/',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: webhookSecret,
        }),
      },
      payload: body,
    })
    if (response.statusCode !== 200) throw new Error(`webhook ${response.statusCode} ${response.body}`)
    return performance.now() - started
  }
  const apply = async (body: string) => {
    const started = performance.now()
    await applyStripeEvent(app.ctx, (JSON.parse(body) as { id: string }).id)
    return performance.now() - started
  }
  async function run(label: string, list: string[], each = post) {
    const latencies: number[] = []
    const started = performance.now()
    let next = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < list.length) latencies.push(await each(list[next++] as string))
      }),
    )
    const seconds = (performance.now() - started) / 1000
    latencies.sort((a, b) => a - b)
    process.stdout.write(
      `${label.padEnd(12)} ${list.length} events, ${concurrency} at a time: ${(list.length / seconds).toFixed(0)} events/s, p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms\n`,
    )
  }
  await run(
    'warm-up',
    bodies.slice(0, 50).map((body) => body.replace('evt_bench_', 'evt_warm_')),
  )
  await run('received', bodies)
  await run('applied', bodies, apply)
  await run('repeats', bodies)
  await app.close()
}

await main()
