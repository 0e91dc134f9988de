// Keeps the audit log's monthly partitions ahead of time: once a day (pg-boss's cron, one run across
// instances), the database function creates this month and the next ones that are missing, as the tables'
// owner. Rows of a month that has no partition yet still land in the default partition, and are moved into
// their month when it is created, so a missed day costs nothing.
import type { FastifyBaseLogger } from 'fastify'
import type { AppContext } from '../context.ts'
import { QUEUES } from '../jobs/queue.ts'

export const AUDIT_PARTITIONS_CRON = '17 3 * * *'
/** Months created ahead of the current one: a quarter of daily runs may fail before a row misses its month. */
export const AUDIT_MONTHS_AHEAD = 3

export async function createAuditPartitions(ctx: AppContext): Promise<number> {
  const { rows } = await ctx.database.executeSql('select audit_log_create_partitions($1) as created', [
    AUDIT_MONTHS_AHEAD,
  ])
  return Number(rows[0]?.created ?? 0)
}

export async function startAuditPartitionsWorker(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  await ctx.jobs.boss.schedule(QUEUES.auditPartitions, AUDIT_PARTITIONS_CRON, {}, { tz: 'UTC' })
  await ctx.jobs.boss.work(QUEUES.auditPartitions, { batchSize: 1, pollingIntervalSeconds: 60 }, async () => {
    const created = await createAuditPartitions(ctx)
    if (created > 0) log.info({ created }, 'audit log partitions created')
  })
}
