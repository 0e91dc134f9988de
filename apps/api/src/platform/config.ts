// The only reader of process.env. Behaviour follows explicit flags here; NODE_ENV=production (like a real
// PostgreSQL) only makes the demo's stand-ins and tools opt-in instead of on by default.
import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { INVITATION_TTL_HOURS } from '@blueconsent/contract/invitations'
import { SUPPORT_CONTACT } from '@blueconsent/contract/support'
import type { unsafeDemoFeatureSchema } from '@blueconsent/contract/shared'
import { existsSync } from 'node:fs'
import { dirname, join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

// This file (src/platform/config.ts) and the bundle (dist/server.js) sit at different depths below apps/api/:
// the repository root is the folder that holds apps/.
const here = dirname(fileURLToPath(import.meta.url))
export const REPO_ROOT = resolve(here.slice(0, here.lastIndexOf(`${sep}apps${sep}`)))

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined))

/** The names proxy-addr (Fastify's `trustProxy`) knows besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

const TRUST_EVERY_HOP =
  'TRUST_PROXY=true trusts every X-Forwarded-For hop, so a client can write its own address into the header ' +
  'and choose the address that keys the per-address rate limit, the sign-in lockout and the audit trail. ' +
  'Give the number of proxies in front of the portal (e.g. TRUST_PROXY=1 behind one ingress or load ' +
  'balancer) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8,192.168.1.5).'

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  const max = family === 4 ? 32 : 128
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max
}

/**
 * Who may write X-Forwarded-For: false (nobody; the socket's address counts), a number of proxy hops, or the
 * proxies' addresses. `true` is refused: it lets the client choose its own address.
 */
export type TrustProxy = false | number | string[]

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function: Fastify itself trusts nothing for a
 * bare number (it cannot check that the nearest peer is a proxy), so the count is only safe where the portal
 * can be reached through its proxies alone (a cluster Service, a loopback port); elsewhere list their addresses.
 */
export function proxyTrust(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting
  return (_address, hop) => hop < setting
}

const trustProxy = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    const lower = value.toLowerCase()
    if (lower === '' || lower === 'false' || lower === 'no' || lower === '0') return false
    if (lower === 'true' || lower === 'yes') {
      context.addIssue({ code: 'custom', message: TRUST_EVERY_HOP })
      return z.NEVER
    }
    if (/^\d+$/.test(lower)) return Number(lower)
    const entries = value.split(',').map((entry) => entry.trim())
    const wrong = entries.filter((entry) => !isProxyAddress(entry))
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `not a hop count or proxy addresses/CIDRs: ${wrong.join(', ')} (e.g. TRUST_PROXY=1 or TRUST_PROXY=10.0.0.0/8)`,
      })
      return z.NEVER
    }
    return entries
  })

const envSchema = z.object({
  NODE_ENV: optionalString,
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
  WEBHOOKS_ALLOW_LOOPBACK: flag.optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_TOKEN: optionalString,
  AUDIT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(1200).optional(),
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
  TRUST_PROXY: trustProxy.default(false),
  STRIPE_STANDIN: flag.optional(),
  BLUEBUTTON_SANDBOX: flag.optional(),
  BLUEBUTTON_BASE_URL: optionalString,
  BLUEBUTTON_PROVIDER_CLIENT_ID: optionalString,
  BLUEBUTTON_PROVIDER_CLIENT_SECRET: optionalString,
  BLUEBUTTON_AGENT_CLIENT_ID: optionalString,
  BLUEBUTTON_AGENT_CLIENT_SECRET: optionalString,
  BLUEBUTTON_REDIRECT_URI: optionalString,
  BLUEBUTTON_API_VERSION: z.enum(['v2', 'v3']).default('v2'),
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
  /**
   * Webhook endpoints may be http:// on this machine (a developer's receiver); off in a deployment, where
   * every loopback, private and link-local target is refused.
   */
  webhooksAllowLoopback?: boolean
  /** Where Prometheus scrapes GET /metrics (a listener apart from the API's); none when unset. */
  metricsPort?: number | undefined
  /** The bearer token a scrape must send; without one the metrics port must be reachable by operators only. */
  metricsToken?: string | undefined
  /**
   * Months of audit log kept: a daily job drops each monthly partition whose rows are all older. Unset, every
   * audit row is kept forever. At least 72 (six years, HIPAA's minimum) in a deployment.
   */
  auditRetentionMonths?: number | undefined
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
  /** Who may write X-Forwarded-For (see TrustProxy). */
  trustProxy: TrustProxy
  bluebutton: BlueButtonConfig
  /** SMS through Twilio's REST API when TWILIO_ACCOUNT_SID, _AUTH_TOKEN and _FROM_NUMBER are set; else the local outbox. */
  twilio?: TwilioConfig | undefined
  /** Stripe when STRIPE_SECRET_KEY is set; absent, the local Stripe stand-in is mounted in this process. */
  stripe?: StripeConfig | undefined
  /** CMS's NPPES registry API (e.g. https://npiregistry.cms.hhs.gov/api/); absent, a local stand-in answers. */
  nppesApiUrl?: string | undefined
  /**
   * Demo stand-ins and tools a deployment switched on by name (PostgreSQL or NODE_ENV=production): warned
   * about at start-up and listed by the readiness check. Empty in the embedded demo, where they are the point.
   */
  unsafeDemoFeatures?: UnsafeDemoFeature[]
}

export type UnsafeDemoFeature = z.infer<typeof unsafeDemoFeatureSchema>

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
  /** `/v2/` or `/v3/` for every Blue Button call; only v3 asks the patient about substance use records. */
  apiVersion: 'v2' | 'v3'
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
    apiVersion: 'v2',
  }
}

type BlueButtonEnv = {
  [
    K in keyof z.infer<typeof envSchema> as K extends `BLUEBUTTON_${string}`
      ? K extends 'BLUEBUTTON_SANDBOX' | 'BLUEBUTTON_API_VERSION'
        ? never
        : K
      : never
  ]: string | undefined
} & { BLUEBUTTON_API_VERSION: 'v2' | 'v3' }

function blueButtonConfig(e: BlueButtonEnv, publicUrl: string, sandboxAllowed: boolean): BlueButtonConfig {
  const embedded = embeddedBlueButtonConfig(publicUrl)
  const redirectUri = e.BLUEBUTTON_REDIRECT_URI ?? embedded.redirectUri
  if (e.BLUEBUTTON_BASE_URL === undefined) {
    if (!sandboxAllowed) throw new Error(NO_BLUEBUTTON)
    return { ...embedded, redirectUri, apiVersion: e.BLUEBUTTON_API_VERSION }
  }
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
    apiVersion: e.BLUEBUTTON_API_VERSION,
  }
}

const NO_STRIPE =
  'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required: without them billing would run on the Stripe ' +
  'stand-in, which accepts any key and shows every customer. Set STRIPE_STANDIN=true to run on the stand-in ' +
  'on purpose (a trial deployment).'

const NO_BLUEBUTTON =
  'BLUEBUTTON_BASE_URL and the CMS application credentials (BLUEBUTTON_PROVIDER_CLIENT_ID/_SECRET, ' +
  'BLUEBUTTON_AGENT_CLIENT_ID/_SECRET) are required: without them patients would consent on the built-in ' +
  'Blue Button sandbox. Set BLUEBUTTON_SANDBOX=true to run on the sandbox on purpose (a trial deployment).'

/** HS256 keys shorter than the hash are guessable offline from any token; 32 bytes is SHA-256's size. */
export const MIN_JWT_SECRET_BYTES = 32

function checkJwtSecret(secret: string | undefined): void {
  if (secret === undefined || Buffer.byteLength(secret, 'utf8') >= MIN_JWT_SECRET_BYTES) return
  throw new Error(
    `JWT_SECRET must be at least ${MIN_JWT_SECRET_BYTES} bytes (it is ${Buffer.byteLength(secret, 'utf8')}); ` +
      'generate one with: openssl rand -base64 48',
  )
}

/** HIPAA keeps audit records six years; a deployment may not be set to delete them sooner. */
export const MIN_AUDIT_RETENTION_MONTHS = 72

function auditRetentionMonths(months: number | undefined, deployment: boolean): number | undefined {
  if (months === undefined || !deployment || months >= MIN_AUDIT_RETENTION_MONTHS) return months
  throw new Error(
    `AUDIT_RETENTION_MONTHS=${months} would delete audit records younger than six years: HIPAA requires ` +
      `keeping them at least ${MIN_AUDIT_RETENTION_MONTHS} months. Set it to ${MIN_AUDIT_RETENTION_MONTHS} ` +
      'or more, or leave it unset to keep every audit record.',
  )
}

/**
 * What the demo may switch on by itself (a real Stripe key or Blue Button URL always wins over its stand-in). In a deployment (a real PostgreSQL, or NODE_ENV=production) each
 * stand-in and tool must be named; in the embedded demo each is on unless turned off.
 */
function demoSwitches(e: z.infer<typeof envSchema>, deployment: boolean) {
  const stripeStandin = e.STRIPE_SECRET_KEY === undefined && (e.STRIPE_STANDIN ?? !deployment)
  if (e.STRIPE_SECRET_KEY === undefined && !stripeStandin) throw new Error(NO_STRIPE)
  const switches = {
    bluebuttonSandbox: e.BLUEBUTTON_BASE_URL === undefined && (e.BLUEBUTTON_SANDBOX ?? !deployment),
    devTools: e.DEV_TOOLS ?? !deployment,
    demoSeed: e.DEMO_SEED ?? !deployment,
  }
  const on: [UnsafeDemoFeature, boolean][] = [
    ['stripe_standin', stripeStandin],
    ['bluebutton_sandbox', switches.bluebuttonSandbox],
    ['dev_tools', switches.devTools],
    ['demo_seed', switches.demoSeed],
  ]
  const unsafe = deployment ? on.filter(([, enabled]) => enabled).map(([name]) => name) : []
  return { ...switches, unsafe }
}

/**
 * The command-line tools (migrate, backup, key rotation, demo seed) serve nothing: they need the database and
 * the keys, not Stripe or Blue Button, so a deployment's stand-in refusals do not apply to them.
 */
export const loadToolConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig =>
  loadConfig(env, undefined, { serves: false })

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  terminal: { stdoutIsTty: boolean } = { stdoutIsTty: process.stdout.isTTY === true },
  { serves = true }: { serves?: boolean } = {},
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
  const deployment = !embedded || e.NODE_ENV === 'production'
  if (!embedded && (!e.DATA_ENCRYPTION_KEY || !e.JWT_SECRET)) {
    throw new Error('DATA_ENCRYPTION_KEY and JWT_SECRET are required when DATABASE_URL is set.')
  }
  checkJwtSecret(e.JWT_SECRET)
  const demo = demoSwitches(e, deployment && serves)
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
    devTools: demo.devTools,
    devToolsRemote: e.DEV_TOOLS_REMOTE,
    webhooksAllowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK ?? !deployment,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN,
    auditRetentionMonths: auditRetentionMonths(e.AUDIT_RETENTION_MONTHS, deployment),
    demoSeed: demo.demoSeed,
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
    bluebutton: blueButtonConfig(e, publicUrl, demo.bluebuttonSandbox),
    twilio: twilioConfig(e, publicUrl),
    stripe: stripeConfig(e),
    nppesApiUrl: e.NPPES_API_URL,
    unsafeDemoFeatures: demo.unsafe,
  }
  return config
}

export const webDistAvailable = (config: AppConfig): boolean =>
  existsSync(join(config.webDistDir, 'index.html'))
