// `npm run sandbox`: the Blue Button stand-in on its own port. The only file that reads the env.
import { z } from 'zod'
import { buildSandboxApp } from './app.ts'
import { defaultSandboxClients, type SandboxClient } from './options.ts'

const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4010),
    HOST: z.string().default('127.0.0.1'),
    // Public URL including any prefix, e.g. https://bb.example.test/sandbox; defaults to http://HOST:PORT.
    BB_SANDBOX_PUBLIC_URL: z.url().optional(),
    BB_SANDBOX_PREFIX: z
      .string()
      .regex(/^(\/[\w.-]+)*$/)
      .default(''),
    BB_SANDBOX_SEED: z.string().min(1).default('blueconsent'),
    BB_SANDBOX_ADMIN: z.enum(['0', '1']).default('0'),
    BB_SANDBOX_TOKEN_LIFETIME: z.coerce.number().int().positive().default(3600),
    BB_SANDBOX_OMIT_PATIENT: z.enum(['0', '1']).default('0'),
    // JSON array of client registrations; defaults to the two demo apps (provider, agent).
    BB_SANDBOX_CLIENTS: z.string().optional(),
  })
  .parse(process.env)

const clients = env.BB_SANDBOX_CLIENTS
  ? (JSON.parse(env.BB_SANDBOX_CLIENTS) as SandboxClient[])
  : defaultSandboxClients
const publicBaseUrl =
  env.BB_SANDBOX_PUBLIC_URL ??
  `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}${env.BB_SANDBOX_PREFIX}`

const app = await buildSandboxApp(
  {
    publicBaseUrl,
    prefix: env.BB_SANDBOX_PREFIX,
    clients,
    seed: env.BB_SANDBOX_SEED,
    adminEnabled: env.BB_SANDBOX_ADMIN === '1',
    accessTokenLifetimeSeconds: env.BB_SANDBOX_TOKEN_LIFETIME,
    includePatientInTokenResponse: env.BB_SANDBOX_OMIT_PATIENT === '0',
    // Without a configured public URL, links follow the host each client used.
    linksFromRequestHost: env.BB_SANDBOX_PUBLIC_URL === undefined,
  },
  { logger: { level: 'info' } },
)
await app.listen({ port: env.PORT, host: env.HOST })
console.log(`Blue Button sandbox at ${publicBaseUrl} (clients: ${clients.map((c) => c.clientId).join(', ')})`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close())
