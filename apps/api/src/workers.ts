// Job handlers. pg-boss 10 fails a whole batch when the handler throws, so each job is handled alone and
// failures are collected; delivery is idempotent, so retried successes do nothing.
import type { FastifyBaseLogger } from 'fastify'
import type { AppContext } from './platform/context.ts'
import { startLifecycleWorker } from './features/authorization-requests/index.ts'
import { applyStripeEvent, type ApplyStripeEventJob } from './features/billing/index.ts'
import { revokeAtBlueButton, type RevokeAtBlueButtonJob } from './features/bluebutton/index.ts'
import { startIngestionWorker } from './features/ingestion/index.ts'
import { deliverOutboxMessage } from './platform/outbox/index.ts'
import { startAuditPartitionsWorker, startAuditRetentionWorker } from './platform/audit/index.ts'
import { QUEUES } from './platform/jobs/queue.ts'
import { deliverWebhook } from './features/integrations/index.ts'

export async function startWorkers(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  await ctx.jobs.boss.work<{ id: string }>(
    QUEUES.deliverOutbox,
    { batchSize: 10, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      let failed = 0
      for (const job of jobs) {
        try {
          await deliverOutboxMessage(ctx, job.data.id)
        } catch (error) {
          failed += 1
          log.warn({ err: error, jobId: job.id, outboxId: job.data.id }, 'outbox delivery failed')
        }
      }
      if (failed > 0) throw new Error(`${failed} of ${jobs.length} outbox deliveries failed`)
    },
  )
  await ctx.jobs.boss.work<RevokeAtBlueButtonJob>(
    QUEUES.revokeAtBlueButton,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) await revokeAtBlueButton(ctx, job.data)
    },
  )
  await ctx.jobs.boss.work<ApplyStripeEventJob>(
    QUEUES.applyStripeEvent,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      for (const job of jobs) await applyStripeEvent(ctx, job.data.id)
    },
  )
  await ctx.jobs.boss.work<{ id: string }>(
    QUEUES.deliverWebhook,
    { batchSize: 1, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      for (const job of jobs) await deliverWebhook(ctx, job.data.id)
    },
  )
  await startIngestionWorker(ctx, log)
  await startLifecycleWorker(ctx, log)
  await startAuditPartitionsWorker(ctx, log)
  await startAuditRetentionWorker(ctx, log)
}
