// What ingestion does when a request's lifecycle moves: a new authorization queues the first pull, and
// an administrator's identity confirmation releases the data a pull held for review.
import type { DomainEvents } from '../../lib/domain-events.ts'
import { queueIngestion } from './ingestion.queue.ts'
import { releaseHeldRuns } from './ingestion.repository.ts'

export function subscribeIngestion(events: DomainEvents): void {
  events.on('authorization_request.authorized', async (ctx, tx, { request }) => {
    await queueIngestion(ctx, tx, request)
  })
  events.on('authorization_request.identity_confirmed', async (_ctx, tx, { request, at }) => {
    await releaseHeldRuns(tx, request.id, at)
  })
}
