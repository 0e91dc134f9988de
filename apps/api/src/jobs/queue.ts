// Durable jobs in Postgres (pg-boss 10), sharing the app's database handle on both backends.
import PgBoss from 'pg-boss'
import type { FastifyBaseLogger } from 'fastify'
import { transactionExecutor, type Database, type DbOrTx } from '../db/client.ts'

export const QUEUES = {
  deliverOutbox: 'outbox.deliver',
  ingestRequest: 'ingest-request',
  lifecycleSweep: 'authorization.lifecycle-sweep',
  revokeAtBlueButton: 'bluebutton.revoke',
} as const
export const JOB_SCHEMA = 'pgboss'

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]

export type JobQueue = {
  boss: PgBoss
  /** Inserts the job inside `tx`, so it exists exactly when the transaction commits. */
  enqueue(tx: DbOrTx, name: QueueName, data: object, options?: PgBoss.SendOptions): Promise<string | null>
  stop(): Promise<void>
}

/** `migrate: false` only checks pg-boss's schema is installed (an app role that owns nothing cannot alter it). */
export async function createJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  options: { migrate?: boolean } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: database,
    schema: JOB_SCHEMA,
    migrate: options.migrate ?? true,
  })
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'))
  await boss.start()
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, { name, retryLimit: 8, retryDelay: 5, retryBackoff: true })
  }
  return {
    boss,
    enqueue: (tx, name, data, options = {}) =>
      boss.send(name, data, { ...options, db: transactionExecutor(tx) }),
    stop: () => boss.stop({ graceful: false, close: false, wait: true }),
  }
}
