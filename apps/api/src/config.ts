// The only reader of process.env. Behaviour follows explicit flags here, never NODE_ENV.
import { availableParallelism } from 'node:os'
import { INVITATION_TTL_HOURS } from '@blueconsent/contract/invitations'
import { SUPPORT_CONTACT } from '@blueconsent/contract/support'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

// src/config.ts and dist/server.js both sit two folders below apps/api/…, three below the repo root.
const here = dirname(fileURLToPath(import.meta.url))
export const REPO_ROOT = resolve(here, '..', '..', '..')

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined))

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString,
  DATABASE_URL: optionalString,
  DATA_DIR: optionalString,
  DATA_ENCRYPTION_KEY: optionalString,
  DATA_ENCRYPTION_KEYS_RETIRED: optionalString,
  JWT_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('BlueConsent <no-reply@blueconsent.app>'),
  SUPPORT_EMAIL: z.string().trim().pipe(z.email()).default(SUPPORT_CONTACT.email),
  REDIS_URL: optionalString,
  DEV_TOOLS: flag.optional(),
  DEV_TOOLS_REMOTE: flag.default(false),
  DEMO_SEED: flag.optional(),
  RUN_WORKERS: flag.default(true),
  INGESTION_JOB_EXPIRY_SECONDS: z.coerce.number().int().min(5).max(86_400).optional(),
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).optional(),
  JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).optional(),
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).optional(),
  MIGRATE_ON_START: flag.default(true),
  APP_DATABASE_ROLE: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  WEB_DIST_DIR: optionalString,
  WEB_CONCURRENCY: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_ORGANIZATION_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  INVITATION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(INVITATION_TTL_HOURS),
  TRUST_PROXY: flag.default(false),
  BLUEBUTTON_BASE_URL: optionalString,
  BLUEBUTTON_PROVIDER_CLIENT_ID: optionalString,
  BLUEBUTTON_PROVIDER_CLIENT_SECRET: optionalString,
  BLUEBUTTON_AGENT_CLIENT_ID: optionalString,
  BLUEBUTTON_AGENT_CLIENT_SECRET: optionalString,
  BLUEBUTTON_REDIRECT_URI: optionalString,
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM_NUMBER: optionalString,
  TWILIO_API_BASE_URL: z.string().default('https://api.twilio.com'),
  TWILIO_WEBHOOK_URL: optionalString,
  NPPES_API_URL: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_API_BASE: optionalString,
  STRIPE_PRICE_LOOKUP_KEY: z.string().default('blueconsent_seat_monthly'),
})

export type JobTimings = {
  expireSeconds?: number | undefined
  maintenanceIntervalSeconds?: number | undefined
  retryDelaySeconds?: number | undefined
}

export type DatabaseConfig = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | null }

export type AppConfig = {
  port: number
  host: string
  /** Where browsers reach the portal; used for links in emails and the SPA's OAuth redirect URI. */
  publicUrl: string
  database: DatabaseConfig
  /** Folder for the embedded database and generated demo secrets. */
  dataDir: string
  /** 32 bytes, base64. Generated and kept in dataDir in demo mode when not given. */
  dataEncryptionKey: string | undefined
  /** Earlier DATA_ENCRYPTION_KEYs, newest first: they open what they sealed (lib/crypto.ts). */
  retiredEncryptionKeys?: string[]
  /** At least 32 characters. Generated and kept in dataDir in demo mode when not given. */
  jwtSecret: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /** Where support requests are emailed (through the outbox like every email). */
  supportEmail: string
  redisUrl: string | undefined
  /** Exposes /api/dev/outbox/ (demo only), to clients on this machine. */
  devTools: boolean
  /** Serves the dev tools to any client, not only loopback ones (a shared demo server). */
  devToolsRemote?: boolean
  /** Seeds the demo organisations and personas at start. */
  demoSeed: boolean
  /** Runs the job workers in this process (off in tests that check queued work survives a restart). */
  runWorkers: boolean
  /**
   * How long a data pull may run before pg-boss counts its worker as gone and hands the job on (jobs/queue.ts;
   * 300 s when unset). Tests that kill the server mid-pull shorten it so the resumption is seen in seconds.
   */
  ingestionJobExpirySeconds?: number | undefined
  /**
   * pg-boss timings for tests that kill workers and wait for their jobs to be tried again: a shorter expiry for
   * every queue (a job then counts as lost sooner), a shorter maintenance interval (which notices it) and a
   * shorter first retry delay (doubled for each later retry). Unset, the defaults in jobs/queue.ts apply; an
   * expiry shorter than a job's run lets a second worker start it while the first still runs.
   */
  jobTimings?: JobTimings
  /**
   * Applies migrations (ours and pg-boss's) at start. Off when the API connects as a role that owns nothing
   * and `npm run db:migrate` runs them as the owner (apps/api/README.md, 'Database roles').
   */
  migrateOnStart: boolean
  /** `npm run db:migrate` only: the role the API runs as, granted rows but no ownership (db/app-role.ts). */
  appDatabaseRole: string | undefined
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** Human-readable lines on a terminal in demo mode; JSON lines otherwise (for log shippers). */
  logFormat: 'pretty' | 'json'
  webDistDir: string
  rateLimitPerMinute: number
  /** API processes on this machine (server.ts's cluster); PostgreSQL only. */
  workers?: number
  /** The ceiling for all users of one organisation together (defaults to 20 users at the full rate). */
  rateLimitOrganizationPerMinute?: number
  /** How long an invitation link works. */
  invitationTtlHours: number
  trustProxy: boolean
  bluebutton: BlueButtonConfig
  /** SMS through Twilio's REST API when TWILIO_ACCOUNT_SID, _AUTH_TOKEN and _FROM_NUMBER are set; else the local outbox. */
  twilio?: TwilioConfig | undefined
  /** Stripe when STRIPE_SECRET_KEY is set; absent, the local Stripe stand-in is mounted in this process. */
  stripe?: StripeConfig | undefined
  /** CMS's NPPES registry API (e.g. https://npiregistry.cms.hhs.gov/api/); absent, a local stand-in answers. */
  nppesApiUrl?: string | undefined
}

export type StripeConfig = {
  secretKey: string
  webhookSecret: string
  /** For Stripe Elements in the browser; without it cards are typed on Stripe's (or the stand-in's) own page. */
  publishableKey: string | undefined
  /** Another host speaking Stripe's API (the stand-in run alone, e.g. http://127.0.0.1:4020). */
  apiBase: string | undefined
  /** The monthly per-seat price, found by its lookup key so test and live mode need no price ids here. */
  priceLookupKey: string
}

function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig | undefined {
  if (!e.STRIPE_SECRET_KEY) return undefined
  if (!e.STRIPE_WEBHOOK_SECRET) throw new Error('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET.')
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    apiBase: e.STRIPE_API_BASE?.replace(/\/+$/, ''),
    priceLookupKey: e.STRIPE_PRICE_LOOKUP_KEY,
  }
}

export type TwilioConfig = {
  accountSid: string
  authToken: string
  fromNumber: string
  apiBaseUrl: string
  /** The public URL Twilio signs for inbound messages (default ${PUBLIC_URL}/api/webhooks/twilio/sms/). */
  webhookUrl: string
}

type TwilioEnv = {
  [K in keyof z.infer<typeof envSchema> as K extends `TWILIO_${string}` ? K : never]: z.infer<
    typeof envSchema
  >[K]
}

function twilioConfig(e: TwilioEnv, publicUrl: string): TwilioConfig | undefined {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM_NUMBER: fromNumber } = e
  if (!accountSid && !authToken && !fromNumber) return undefined
  if (!accountSid || !authToken || !fromNumber)
    throw new Error('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER go together.')
  return {
    accountSid,
    authToken,
    fromNumber,
    apiBaseUrl: e.TWILIO_API_BASE_URL.replace(/\/+$/, ''),
    webhookUrl: e.TWILIO_WEBHOOK_URL ?? `${publicUrl}/api/webhooks/twilio/sms/`,
  }
}

export type BlueButtonApp = { clientId: string; clientSecret: string }

export type BlueButtonConfig = {
  /** Blue Button host (CMS sandbox or production), or the in-process sandbox at `${publicUrl}/bb-sandbox`. */
  baseUrl: string
  /** True when BLUEBUTTON_BASE_URL is unset: the sandbox is mounted in this process (demo, tests). */
  embeddedSandbox: boolean
  redirectUri: string
  /** The 13-month application (healthcare providers). */
  provider: BlueButtonApp
  /** The one-time application (insurance agents). */
  agent: BlueButtonApp
}

export const BLUEBUTTON_SANDBOX_PREFIX = '/bb-sandbox'

/** The in-process sandbox's demo applications (the sandbox's own defaults). */
export function embeddedBlueButtonConfig(publicUrl: string): BlueButtonConfig {
  return {
    baseUrl: `${publicUrl}${BLUEBUTTON_SANDBOX_PREFIX}`,
    embeddedSandbox: true,
    redirectUri: `${publicUrl}/api/bluebutton/callback/`,
    provider: { clientId: 'blueconsent-provider', clientSecret: 'sandbox-provider-secret' },
    agent: { clientId: 'blueconsent-agent', clientSecret: 'sandbox-agent-secret' },
  }
}

type BlueButtonEnv = {
  [K in keyof z.infer<typeof envSchema> as K extends `BLUEBUTTON_${string}` ? K : never]: string | undefined
}

function blueButtonConfig(e: BlueButtonEnv, publicUrl: string): BlueButtonConfig {
  const embedded = embeddedBlueButtonConfig(publicUrl)
  const redirectUri = e.BLUEBUTTON_REDIRECT_URI ?? embedded.redirectUri
  if (e.BLUEBUTTON_BASE_URL === undefined) return { ...embedded, redirectUri }
  const provider = {
    clientId: e.BLUEBUTTON_PROVIDER_CLIENT_ID,
    clientSecret: e.BLUEBUTTON_PROVIDER_CLIENT_SECRET,
  }
  const agent = { clientId: e.BLUEBUTTON_AGENT_CLIENT_ID, clientSecret: e.BLUEBUTTON_AGENT_CLIENT_SECRET }
  if (!provider.clientId || !provider.clientSecret || !agent.clientId || !agent.clientSecret) {
    throw new Error(
      'BLUEBUTTON_BASE_URL needs BLUEBUTTON_PROVIDER_CLIENT_ID/_SECRET and BLUEBUTTON_AGENT_CLIENT_ID/_SECRET.',
    )
  }
  return {
    baseUrl: e.BLUEBUTTON_BASE_URL.replace(/\/+$/, ''),
    embeddedSandbox: false,
    redirectUri,
    provider: { clientId: provider.clientId, clientSecret: provider.clientSecret },
    agent: { clientId: agent.clientId, clientSecret: agent.clientSecret },
  }
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  terminal: { stdoutIsTty: boolean } = { stdoutIsTty: process.stdout.isTTY === true },
): AppConfig {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n${problems.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = resolve(e.DATA_DIR ?? join(REPO_ROOT, 'data'))
  // The embedded database is the demo; a real PostgreSQL means a real deployment.
  const embedded = e.DATABASE_URL === undefined
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  const config: AppConfig = {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    database: embedded
      ? { kind: 'pglite', dataDir: join(dataDir, 'pglite') }
      : { kind: 'postgres', url: e.DATABASE_URL ?? '' },
    dataDir,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    retiredEncryptionKeys: (e.DATA_ENCRYPTION_KEYS_RETIRED ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    redisUrl: e.REDIS_URL,
    devTools: e.DEV_TOOLS ?? embedded,
    devToolsRemote: e.DEV_TOOLS_REMOTE,
    demoSeed: e.DEMO_SEED ?? embedded,
    runWorkers: e.RUN_WORKERS,
    ingestionJobExpirySeconds: e.INGESTION_JOB_EXPIRY_SECONDS,
    jobTimings: {
      expireSeconds: e.JOB_EXPIRE_SECONDS,
      maintenanceIntervalSeconds: e.JOB_MAINTENANCE_INTERVAL_SECONDS,
      retryDelaySeconds: e.JOB_RETRY_DELAY_SECONDS,
    },
    migrateOnStart: e.MIGRATE_ON_START,
    appDatabaseRole: e.APP_DATABASE_ROLE,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (embedded && terminal.stdoutIsTty ? 'pretty' : 'json'),
    webDistDir: resolve(e.WEB_DIST_DIR ?? join(REPO_ROOT, 'apps', 'web', 'dist')),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    workers: e.WEB_CONCURRENCY === 'auto' ? availableParallelism() : e.WEB_CONCURRENCY,
    rateLimitOrganizationPerMinute: e.RATE_LIMIT_ORGANIZATION_PER_MINUTE,
    invitationTtlHours: e.INVITATION_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    bluebutton: blueButtonConfig(e, publicUrl),
    twilio: twilioConfig(e, publicUrl),
    stripe: stripeConfig(e),
    nppesApiUrl: e.NPPES_API_URL,
  }
  if (!embedded && (!config.dataEncryptionKey || !config.jwtSecret)) {
    throw new Error('DATA_ENCRYPTION_KEY and JWT_SECRET are required when DATABASE_URL is set.')
  }
  return config
}

export const webDistAvailable = (config: AppConfig): boolean =>
  existsSync(join(config.webDistDir, 'index.html'))
