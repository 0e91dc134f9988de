// A pull is a durable job enqueued in the same transaction as the state change that calls for it.
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import { QUEUES } from '../../jobs/queue.ts'
import { insertQueuedRun, type RequestRow } from './ingestion.repository.ts'

export type IngestionJob = { runId: string }

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
