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
 * `timings` shortens expiry, maintenance and retry delay for tests that kill workers (config.ts, jobTimings).
 */
export async function createJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  options: { migrate?: boolean; timings?: JobTimings } = {},
): Promise<JobQueue> {
  const timings = options.timings ?? {}
  const boss = new PgBoss({
    db: database,
    schema: JOB_SCHEMA,
    migrate: options.migrate ?? true,
    // Maintenance is what notices a job whose worker died (its expiry passed): every 30 s, not 2 minutes.
    maintenanceIntervalSeconds: timings.maintenanceIntervalSeconds ?? 30,
  })
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'))
  await boss.start()
  for (const name of Object.values(QUEUES)) {
    const expireInSeconds = timings.expireSeconds ?? EXPIRY_SECONDS[name]
    const settings = {
      retryLimit: 8,
      retryDelay: timings.retryDelaySeconds ?? 5,
      retryBackoff: true,
      ...(expireInSeconds ? { expireInSeconds } : {}),
    }
    await boss.createQueue(name, { name, ...settings })
    // createQueue leaves an existing queue as it was (ON CONFLICT DO NOTHING): without this update, a
    // database whose queues were made before an expiry here changed keeps the old one (a job caught by a crash
    // then waits pg-boss's quarter of an hour, not the minute above).
    await boss.updateQueue(name, { name, ...settings })
  }
  if (database.kind === 'pglite') await requeueOrphanedJobs(database, log)
  return {
    boss,
    enqueue: (tx, name, data, options = {}) =>
      boss.send(name, data, { ...options, db: transactionExecutor(tx) }),
    stop: () => boss.stop({ graceful: false, close: false, wait: true }),
  }
}
