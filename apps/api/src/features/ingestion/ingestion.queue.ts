// A pull is a durable job enqueued in the same transaction as the state change that calls for it.
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import type { authorizationRequests } from '../../db/schema/authorization-requests.ts'
import { ingestionRuns } from '../../db/schema/bluebutton.ts'
import { QUEUES } from '../../jobs/queue.ts'

export type IngestionJob = { runId: string }

type Request = Pick<typeof authorizationRequests.$inferSelect, 'id' | 'patientId'>

export async function queueIngestion(ctx: AppContext, tx: DbOrTx, request: Request): Promise<string> {
  const [run] = await tx
    .insert(ingestionRuns)
    .values({ requestId: request.id, patientId: request.patientId, status: 'queued', createdAt: ctx.clock() })
    .returning({ id: ingestionRuns.id })
  if (!run) throw new Error('ingestion run insert returned no row')
  const job: IngestionJob = { runId: run.id }
  await ctx.jobs.enqueue(tx, QUEUES.ingestRequest, job, { singletonKey: run.id })
  return run.id
}
