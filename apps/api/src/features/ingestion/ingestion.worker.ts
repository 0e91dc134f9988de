// pg-boss handler for 'ingest-request'. A transient Blue Button error throws, so pg-boss retries the job
// with backoff (the queue's retryLimit/retryBackoff); an ended grant marks the request and does not retry.
import type { FastifyBaseLogger } from 'fastify'
import type { AppContext } from '../../platform/context.ts'
import { QUEUES } from '../../platform/jobs/queue.ts'
import type { IngestionJob } from './ingestion.queue.ts'
import { runIngestion } from './ingestion.service.ts'

export async function startIngestionWorker(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  await ctx.jobs.boss.work<IngestionJob>(
    QUEUES.ingestRequest,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) {
        try {
          const outcome = await runIngestion(ctx, job.data.runId)
          log.info({ jobId: job.id, runId: job.data.runId, outcome }, 'ingestion finished')
        } catch (error) {
          log.warn({ err: error, jobId: job.id, runId: job.data.runId }, 'ingestion failed; will retry')
          throw error
        }
      }
    },
  )
}
