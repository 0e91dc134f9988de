// Audit retention: once a day (pg-boss's cron, one run across instances), the monthly partitions of the audit
// log whose rows are all older than AUDIT_RETENTION_MONTHS are dropped whole by a database function that runs
// as the tables' owner and audits the drop itself. Unset, nothing is ever dropped.
import type { FastifyBaseLogger } from 'fastify'
import type { AppContext } from '../context.ts'
import { QUEUES } from '../jobs/queue.ts'

/** Daily, half an hour after the partitions ahead are created. */
export const AUDIT_RETENTION_CRON = '47 3 * * *'

export type DroppedAuditPartition = { partition: string; rows: number }

export async function dropExpiredAuditPartitions(
  ctx: Pick<AppContext, 'config' | 'database'>,
): Promise<DroppedAuditPartition[]> {
  const months = ctx.config.auditRetentionMonths
  if (months === undefined) return []
  const { rows } = await ctx.database.executeSql(
    'select partition_name, row_count from audit_log_drop_partitions($1)',
    [months],
  )
  return rows.map((row) => ({ partition: String(row.partition_name), rows: Number(row.row_count) }))
}

export async function startAuditRetentionWorker(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  await ctx.jobs.boss.schedule(QUEUES.auditRetention, AUDIT_RETENTION_CRON, {}, { tz: 'UTC' })
  await ctx.jobs.boss.work(QUEUES.auditRetention, { batchSize: 1, pollingIntervalSeconds: 60 }, async () => {
    const dropped = await dropExpiredAuditPartitions(ctx)
    if (dropped.length > 0)
      log.info(
        {
          partitions: dropped.map((entry) => entry.partition),
          rows: dropped.reduce((n, e) => n + e.rows, 0),
        },
        'audit log partitions past the retention period dropped',
      )
  })
}
