// Durable jobs in Postgres (pg-boss 10), sharing the app's database handle on both backends.
import PgBoss from 'pg-boss'
import type { FastifyBaseLogger } from 'fastify'
import type { JobTimings } from '../config.ts'
import { transactionExecutor, type Database, type DbOrTx } from '../db/client.ts'

export const QUEUES = {
  deliverOutbox: 'outbox.deliver',
  ingestRequest: 'ingest-request',
  lifecycleSweep: 'authorization.lifecycle-sweep',
  revokeAtBlueButton: 'bluebutton.revoke',
  applyStripeEvent: 'billing.stripe-event',
  deliverWebhook: 'webhooks.deliver',
  auditPartitions: 'audit.partitions',
  auditRetention: 'audit.retention',
} as const
export const JOB_SCHEMA = 'pgboss'

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]

/**
 * How long a job may run before it counts as lost (its worker killed) and is tried again. An email or SMS is
 * handed over in seconds (the mailer's own timeouts end sooner), so a message caught by a crash goes out a
 * minute later rather than pg-boss's default quarter of an hour; a repeat carries the same Message-ID.
 */
const EXPIRY_SECONDS: Partial<Record<QueueName, number>> = {
  [QUEUES.deliverOutbox]: 60,
  // One POST with a ten-second timeout; a delivery caught by a crash is sent again a minute later, same id.
  [QUEUES.deliverWebhook]: 60,
  // An event is applied with a few reads from Stripe, each bounded by the SDK's own timeout.
  [QUEUES.applyStripeEvent]: 120,
  // A pull takes seconds to a minute (the client's timeouts and short Retry-After waits included); one caught
  // by a crash resumes five minutes later, its stored pages upserted again, not a quarter of an hour.
  [QUEUES.ingestRequest]: 300,
}

/**
 * PGlite serves one process (the data directory is locked), so at start every job still marked active was
 * taken by a process that is gone: it is handed back at once instead of waiting for its expiry.
 */
async function requeueOrphanedJobs(database: Database, log: FastifyBaseLogger): Promise<void> {
  const { rows } = await database.executeSql(
    `update ${JOB_SCHEMA}.job set state = 'retry', start_after = now() where state = 'active' returning id`,
    [],
  )
  if (rows.length > 0) log.warn({ jobs: rows.length }, 'handed back jobs left active by a stopped process')
}

export type JobQueue = {
  boss: PgBoss
  /** Inserts the job inside `tx`, so it exists exactly when the transaction commits. */
  enqueue(tx: DbOrTx, name: QueueName, data: object, options?: PgBoss.SendOptions): Promise<string | null>
  stop(): Promise<void>
}

/**
 * `migrate: false` only checks pg-boss's schema is installed (an app role that owns nothing cannot alter it).
 * `ingestionExpirySeconds` replaces the pull's 300 s (config's INGESTION_JOB_EXPIRY_SECONDS).
 * `timings` shortens expiry, maintenance and retry delay for tests that kill workers (config.ts, jobTimings).
 */
export async function createJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  options: {
    migrate?: boolean
    ingestionExpirySeconds?: number | undefined
    timings?: JobTimings
  } = {},
): Promise<JobQueue> {
  const timings = options.timings ?? {}
  // Per queue: a test's expiry for every queue, else the pull's own setting, else the defaults above.
  const expiry: Partial<Record<QueueName, number>> = Object.fromEntries(
    Object.values(QUEUES).map((name) => {
      const own = name === QUEUES.ingestRequest ? options.ingestionExpirySeconds : undefined
      return [name, timings.expireSeconds ?? own ?? EXPIRY_SECONDS[name]]
    }),
  )
  const boss = new PgBoss({
    db: database,
    schema: JOB_SCHEMA,
    migrate: options.migrate ?? true,
    // Maintenance is what notices a job whose worker died (its expiry passed): every 30 s, not 2 minutes, and
    // at least twice per expiry when one is set shorter, so a lost job waits at most half its expiry more.
    maintenanceIntervalSeconds:
      timings.maintenanceIntervalSeconds ??
      Math.min(
        30,
        ...Object.values(expiry)
          .filter((seconds): seconds is number => seconds !== undefined)
          .map((seconds) => Math.max(1, Math.floor(seconds / 2))),
      ),
  })
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'))
  await boss.start()
  for (const name of Object.values(QUEUES)) {
    const policy = {
      retryLimit: 8,
      retryDelay: timings.retryDelaySeconds ?? 5,
      retryBackoff: true,
      ...(expiry[name] ? { expireInSeconds: expiry[name] } : {}),
    }
    await boss.createQueue(name, { name, ...policy })
    // createQueue leaves an existing queue as it was created; a policy changed here since (or set through
    // the config) reaches the jobs sent from now on only once the queue row says so.
    await boss.updateQueue(name, { name, ...policy })
  }
  if (database.kind === 'pglite') await requeueOrphanedJobs(database, log)
  return {
    boss,
    enqueue: (tx, name, data, options = {}) =>
      boss.send(name, data, { ...options, db: transactionExecutor(tx) }),
    // A job still running gets two seconds to finish; one that does not is failed back to the queue (it runs
    // again after the restart). Stopping at once left a running handler to record its outcome on a closed pool.
    stop: () => boss.stop({ graceful: true, timeout: 2_000, close: false, wait: true }),
  }
}
