// The sweep runs every minute through pg-boss's cron (one run per minute across instances).
import type { FastifyBaseLogger } from 'fastify'
import type { AppContext } from '../../platform/context.ts'
import { QUEUES } from '../../platform/jobs/queue.ts'
import { runLifecycleSweep } from './lifecycle.ts'

export const LIFECYCLE_CRON = '* * * * *'

export async function startLifecycleWorker(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  await ctx.jobs.boss.schedule(QUEUES.lifecycleSweep, LIFECYCLE_CRON, {}, { tz: 'UTC' })
  await ctx.jobs.boss.work(QUEUES.lifecycleSweep, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
    const result = await runLifecycleSweep(ctx, ctx.clock())
    if (result.expired + result.reminders + result.renewalNotices + result.grantEndReminders > 0)
      log.info(result, 'authorization lifecycle sweep')
  })
}
