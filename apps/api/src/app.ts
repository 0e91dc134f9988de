// buildApp(config): the whole server as a value. Tests call it and use `inject`; server.ts listens.
import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { Redis } from 'ioredis'
import type { DestinationStream } from 'pino'
import { proxyTrust, type AppConfig } from './platform/config.ts'
import type { AppContext, Clock } from './platform/context.ts'
import { openDatabase, type Database } from './platform/db/client.ts'
import { migrateDatabase } from './platform/db/migrate.ts'
import { seedDemo } from './features/demo-data/index.ts'
import { registerErrorHandler } from './platform/errors.ts'
import { authorizationRequestRoutes } from './features/authorization-requests/index.ts'
import { registerBlueButtonSandbox, subscribeBlueButton } from './features/bluebutton/index.ts'
import { consentRoutes } from './features/consent/index.ts'
import {
  ACCOUNT_CONFLICTS,
  authRoutes,
  createDatabaseCounterStore,
  createLoginThrottle,
  createRedisCounterStore,
  createTokenSigner,
} from './platform/identity/index.ts'
import { devOutboxRoutes } from './features/dev-outbox/index.ts'
import { healthRoutes } from './features/health/index.ts'
import { requestDataRoutes, subscribeIngestion } from './features/ingestion/index.ts'
import { integrationsRoutes, subscribeWebhooks } from './features/integrations/index.ts'
import { oauthRoutes } from './features/oauth/index.ts'
import { messagingRoutes, subscribeMessaging } from './features/messaging/index.ts'
import { createMailer } from './platform/outbox/index.ts'
import { passwordRoutes } from './features/passwords/index.ts'
import { auditRoutes } from './platform/audit/index.ts'
import { PATIENT_CONFLICTS, patientRoutes } from './features/patients/index.ts'
import { TIN_CONFLICTS, tinRoutes } from './features/tins/index.ts'
import { invitationRoutes } from './features/invitations/index.ts'
import { memberRoutes } from './features/members/index.ts'
import { accountRoutes } from './features/account/index.ts'
import { setupRequirements, setupRoutes } from './features/setup/index.ts'
import { dashboardRoutes } from './views/dashboard/index.ts'
import {
  billingRequirements,
  billingRoutes,
  registerStripeGateway,
  subscribeBilling,
} from './features/billing/index.ts'
import { adminRoutes } from './views/admin/index.ts'
import { adminReportRoutes } from './views/admin-reports/index.ts'
import { riskGapRoutes, subscribeRiskGaps } from './features/risk-gaps/index.ts'
import { adherenceRoutes } from './features/adherence/index.ts'
import { organizationSettingsRoutes } from './features/organization-settings/index.ts'
import { signupRoutes } from './features/signup/index.ts'
import { supportInboxRoutes, supportRoutes } from './features/support/index.ts'
import { referenceDataRoutes } from './features/reference-data/index.ts'
import { twoFactorGate, twoFactorRoutes } from './features/two-factor/index.ts'
import { createJobQueue } from './platform/jobs/queue.ts'
import { startWorkers } from './workers.ts'
import { createCryptoKeys } from './platform/lib/crypto.ts'
import { DomainEvents } from './platform/events/domain-events.ts'
import { resolveSecrets } from './platform/lib/secrets.ts'
import { createLogger, prettyLogStream } from './platform/logger.ts'
import { registerAccess } from './platform/access/access.ts'
import { registerCsrf } from './platform/http/csrf.ts'
import { registerDocsUi, registerOpenApi } from './platform/http/docs.ts'
import { registerNullCharacterRefusal } from './platform/http/null-characters.ts'
import { registerMetrics } from './platform/http/metrics.ts'
import { registerRateLimit } from './platform/http/rate-limit.ts'
import { registerSecurityHeaders } from './platform/http/security-headers.ts'
import { registerWeb } from './platform/http/web.ts'
import { StartupTasks } from './platform/lib/startup-tasks.ts'

export const API_VERSION = '0.1.0'

export type BuildOptions = {
  /** An already-open database (tests share a migrated template); the app closes it on shutdown. */
  database?: Database
  /** Skip migrations (the injected database is already migrated). */
  skipMigrations?: boolean
  clock?: Clock
  /** Where log lines go (tests capture them); stdout otherwise. */
  logDestination?: DestinationStream
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Typed as Fastify's logger so the instance type matches the FastifyInstance every plugin expects.
  const logger: FastifyBaseLogger = createLogger(
    config.logLevel,
    options.logDestination ?? (config.logFormat === 'pretty' ? prettyLogStream() : undefined),
  )
  const app = Fastify({
    loggerInstance: logger,
    genReqId: () => randomUUID(),
    trustProxy: proxyTrust(config.trustProxy),
    bodyLimit: 1_048_576,
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandler(app, new Map([...ACCOUNT_CONFLICTS, ...PATIENT_CONFLICTS, ...TIN_CONFLICTS]))
  warnAboutDemoFeatures(app.log, config)

  const ctx = await createContext(app, config, options)
  app.decorate('ctx', ctx)
  registerMetrics(app, ctx)
  app.addHook('onClose', async () => {
    await ctx.jobs.stop()
    ctx.mailer.close()
    ctx.redis?.disconnect()
    await ctx.database.close()
  })
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id)
    return payload
  })

  await app.register(cookie)
  await app.register(formbody)
  // Route requirements the features define, checked for every route that declares one.
  registerAccess(app, { ...setupRequirements, ...billingRequirements })
  registerCsrf(app)
  registerNullCharacterRefusal(app)
  await registerSecurityHeaders(app, config.publicUrl, { stripe: config.stripe !== undefined })
  await registerRateLimit(
    app,
    {
      perMinute: config.rateLimitPerMinute,
      organizationPerMinute: config.rateLimitOrganizationPerMinute ?? config.rateLimitPerMinute * 20,
    },
    ctx.redis,
  )
  await registerOpenApi(app, API_VERSION)

  await app.register(healthRoutes, { version: API_VERSION })
  // Sign-in asks two-factor after a right password; auth never imports the two-factor feature itself.
  await app.register(authRoutes, { secondFactor: twoFactorGate })
  await app.register(twoFactorRoutes)
  await app.register(passwordRoutes)
  await app.register(oauthRoutes)
  await app.register(consentRoutes)
  await app.register(requestDataRoutes)
  await app.register(authorizationRequestRoutes)
  await app.register(messagingRoutes)
  await app.register(patientRoutes)
  await app.register(auditRoutes)
  await app.register(tinRoutes)
  await app.register(invitationRoutes, { secondFactor: twoFactorGate })
  await app.register(memberRoutes)
  await app.register(signupRoutes, { secondFactor: twoFactorGate })
  await app.register(accountRoutes)
  await registerStripeGateway(app)
  await app.register(billingRoutes)
  await app.register(setupRoutes)
  await app.register(dashboardRoutes)
  await app.register(riskGapRoutes)
  await app.register(adherenceRoutes)
  await app.register(supportRoutes)
  await app.register(supportInboxRoutes)
  await app.register(referenceDataRoutes)
  await app.register(adminRoutes)
  await app.register(adminReportRoutes)
  await app.register(organizationSettingsRoutes)
  await app.register(integrationsRoutes)
  await registerBlueButtonSandbox(app)
  if (config.devTools) {
    app.log.warn(
      config.devToolsRemote
        ? 'DEV_TOOLS_REMOTE is on: /api/dev/outbox/ shows every outgoing message to anyone who can reach this port'
        : 'DEV_TOOLS is on: /api/dev/outbox/ shows outgoing messages, to clients on this machine only (demo)',
    )
    await app.register(devOutboxRoutes)
  }
  await registerDocsUi(app)
  await registerWeb(app, config)

  if (config.runWorkers) await startWorkers(ctx, app.log)
  return app
}

/** A deployment running a stand-in or demo tool says so at every start (and in /api/health/ready/). */
function warnAboutDemoFeatures(log: FastifyBaseLogger, config: AppConfig): void {
  const unsafe = config.unsafeDemoFeatures ?? []
  if (unsafe.length === 0) return
  log.warn(
    { unsafe_demo_features: unsafe },
    `demo features switched on in a deployment: ${unsafe.join(', ')}. They expose demo data, accept any ` +
      'key or show outgoing messages; switch them off before real patients use this portal',
  )
}

async function createContext(
  app: FastifyInstance,
  config: AppConfig,
  options: BuildOptions,
): Promise<AppContext> {
  const secrets = resolveSecrets(config)
  if (secrets.generated) {
    app.log.warn(
      { dataDir: config.dataDir },
      'generated demo secrets (DATA_ENCRYPTION_KEY, JWT_SECRET) in the data folder',
    )
  }
  const database =
    options.database ??
    (await openDatabase(config.database, {
      onConnectionError: (error) =>
        app.log.warn({ err: error }, 'database connection ended by the server; the pool reconnects'),
    }))
  if (!options.skipMigrations && config.migrateOnStart) await migrateDatabase(database)
  const keys = createCryptoKeys(secrets.dataEncryptionKey, config.retiredEncryptionKeys)
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null
  const jobs = await createJobQueue(database, app.log, {
    migrate: config.migrateOnStart,
    ingestionExpirySeconds: config.ingestionJobExpirySeconds,
    ...(config.jobTimings ? { timings: config.jobTimings } : {}),
  })
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    keys,
    tokens: createTokenSigner(secrets.jwtSecret, config.publicUrl),
    throttle: createLoginThrottle(
      redis ? createRedisCounterStore(redis) : createDatabaseCounterStore(database.db),
    ),
    redis,
    jobs,
    mailer: createMailer(config.smtpUrl),
    clock: options.clock ?? (() => new Date()),
    startup: new StartupTasks(),
    events: lifecycleSubscriptions(),
  }
  if (config.demoSeed) {
    const { created } = await seedDemo(ctx)
    if (created > 0) app.log.info({ created }, 'seeded demo personas')
  }
  return ctx
}

/**
 * Who acts on a request's lifecycle events, in the order they act: the first pull is queued before the
 * patient's receipt, and a grant is destroyed when its authorization ends. Billing charges a team's seat
 * for an invitation sent when none was free.
 */
function lifecycleSubscriptions(): DomainEvents<AppContext> {
  const events = new DomainEvents<AppContext>()
  subscribeIngestion(events)
  subscribeMessaging(events)
  subscribeBlueButton(events)
  subscribeBilling(events)
  subscribeRiskGaps(events)
  subscribeWebhooks(events)
  return events
}
