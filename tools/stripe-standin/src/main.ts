// `npm run stripe-standin`: the Stripe stand-in on its own port, API at the root (/v1/…) so the SDK can
// reach it with { host, port, protocol: 'http' }. The only file of the tool that reads the environment.
import { z } from 'zod'
import { buildStandinApp } from './app.ts'
import { httpWebhookDelivery } from './webhooks.ts'

// eslint-disable-next-line no-restricted-properties -- this entry point is the tool's one reader of the environment
const source = process.env

const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4020),
    HOST: z.string().default('127.0.0.1'),
    // Public URL of the stand-in as browsers reach it; defaults to http://HOST:PORT.
    STANDIN_PUBLIC_URL: z.url().optional(),
    // Where to POST signed events (e.g. http://localhost:3000/api/billing/webhooks/stripe/) and the secret.
    STANDIN_WEBHOOK_URL: z.url().optional(),
    STANDIN_WEBHOOK_SECRET: z.string().min(1).default('whsec_standin_local'),
    // JSON file the state is kept in across restarts; unset keeps it in memory only.
    STANDIN_DATA_FILE: z.string().min(1).optional(),
    STANDIN_ADMIN: z.enum(['0', '1']).default('0'),
    // Comma-separated origins its pages may send browsers back to (the portal's); default: its own origin.
    STANDIN_RETURN_ORIGINS: z.string().optional(),
  })
  .parse(source)

const publicBaseUrl =
  env.STANDIN_PUBLIC_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`

const app = await buildStandinApp(
  {
    publicBaseUrl,
    dataFile: env.STANDIN_DATA_FILE ?? null,
    adminEnabled: env.STANDIN_ADMIN === '1',
    ...(env.STANDIN_RETURN_ORIGINS
      ? { returnOrigins: env.STANDIN_RETURN_ORIGINS.split(',').map((origin) => origin.trim()) }
      : {}),
    webhooks: env.STANDIN_WEBHOOK_URL
      ? { secret: env.STANDIN_WEBHOOK_SECRET, deliver: httpWebhookDelivery(env.STANDIN_WEBHOOK_URL) }
      : null,
  },
  { logger: { level: 'info' } },
)
await app.listen({ port: env.PORT, host: env.HOST })
console.log(
  `Stripe stand-in at ${publicBaseUrl} (webhooks: ${env.STANDIN_WEBHOOK_URL ?? 'off'}; data: ${env.STANDIN_DATA_FILE ?? 'memory'})`,
)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close())
