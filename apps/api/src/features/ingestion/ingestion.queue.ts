// A pull is a durable job enqueued in the same transaction as the state change that calls for it.
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { QUEUES } from '../../platform/jobs/queue.ts'
import { insertQueuedRun, takeHeldRuns, type RequestRow } from './ingestion.repository.ts'

export type IngestionJob = { runId: string }

/** Written on a run its worker found for a deactivated organisation: the run waits, queued, for reactivation. */
export const HELD_FOR_ORGANIZATION =
  'Waiting: the organization is deactivated; the pull runs when it is reactivated.'

export async function queueIngestion(
  ctx: AppContext,
  tx: DbOrTx,
  request: Pick<RequestRow, 'id' | 'patientId'>,
): Promise<string> {
  const runId = await insertQueuedRun(tx, {
    requestId: request.id,
    patientId: request.patientId,
    createdAt: ctx.clock(),
  })
  const job: IngestionJob = { runId }
  await ctx.jobs.enqueue(tx, QUEUES.ingestRequest, job, { singletonKey: runId })
  return runId
}

/**
 * An organisation reactivated: the pulls held while it was deactivated (runs left queued, their jobs done)
 * get a new job each, in the caller's transaction. The worker checks the request is still authorized.
 */
export async function resumeHeldPulls(ctx: AppContext, tx: DbOrTx, organizationId: string): Promise<number> {
  const runIds = await takeHeldRuns(tx, organizationId, HELD_FOR_ORGANIZATION)
  for (const runId of runIds) {
    const job: IngestionJob = { runId }
    await ctx.jobs.enqueue(tx, QUEUES.ingestRequest, job, { singletonKey: runId })
  }
  return runIds.length
}
