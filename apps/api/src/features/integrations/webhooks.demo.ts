// The demo ACO's webhook endpoint with a short delivery history, so Settings → Integrations shows the log.
// It is disabled (an example.com address receives nothing): enabling it sends to nobody, as a real endpoint
// that answers nothing would, and the demo's own events never pile up retries for it.
import type { AppContext } from '../../platform/context.ts'
import { encrypt } from '../../platform/lib/crypto.ts'
import { newWebhookSecret } from './webhook-signature.ts'
import { countEndpoints, insertDelivery, insertEndpoint } from './webhooks.repository.ts'

const DEMO_URL = 'https://hooks.riverbend-demo.example/blueconsent'
const MINUTE_MS = 60_000

type DemoDelivery = {
  eventType: string
  minutesAgo: number
  status: 'delivered' | 'failed'
  attempts: number
  responseCode: number
}

const HISTORY: DemoDelivery[] = [
  { eventType: 'request.authorized', minutesAgo: 180, status: 'delivered', attempts: 1, responseCode: 200 },
  { eventType: 'data.ready', minutesAgo: 175, status: 'delivered', attempts: 3, responseCode: 200 },
  { eventType: 'request.revoked', minutesAgo: 60, status: 'failed', attempts: 11, responseCode: 503 },
]

/** Once per organisation: nothing when it already has an endpoint. Answers whether it seeded. */
export async function seedDemoWebhooks(ctx: AppContext, organizationId: string): Promise<boolean> {
  if ((await countEndpoints(ctx.db, organizationId)) > 0) return false
  const now = ctx.clock().getTime()
  await ctx.db.transaction(async (tx) => {
    const endpointId = await insertEndpoint(tx, {
      organizationId,
      url: DEMO_URL,
      description: 'Demo integration (example receiver)',
      events: ['request.authorized', 'request.revoked', 'data.ready', 'data.failed'],
      secretEncrypted: encrypt(ctx.keys, newWebhookSecret()),
      status: 'disabled',
      disabledReason: 'Disabled by an administrator.',
      createdAt: new Date(now - 240 * MINUTE_MS),
    })
    for (const delivery of HISTORY) {
      const at = new Date(now - delivery.minutesAgo * MINUTE_MS)
      await insertDelivery(tx, {
        endpointId,
        organizationId,
        eventType: delivery.eventType,
        body: JSON.stringify({
          type: delivery.eventType,
          timestamp: at.toISOString(),
          data: { organization_id: organizationId },
        }),
        status: delivery.status,
        attempts: delivery.attempts,
        responseCode: delivery.responseCode,
        lastError: delivery.status === 'failed' ? `The endpoint answered ${delivery.responseCode}.` : null,
        createdAt: at,
        lastAttemptAt: at,
        deliveredAt: delivery.status === 'delivered' ? at : null,
      })
    }
  })
  return true
}
