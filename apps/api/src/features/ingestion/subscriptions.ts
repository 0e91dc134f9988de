// What ingestion does when a request's lifecycle moves: a new authorization queues the first pull (a retry
// after a failed one queues another); an
// administrator's identity confirmation releases the data a pull held for review (and scores it), a
// rejection deletes exactly that data.
import type { AppContext } from '../../platform/context.ts'
import type { DomainEvents } from '../../platform/events/domain-events.ts'
import { markPatientDataRefreshed } from '../patients/index.ts'
import { queueIngestion } from './ingestion.queue.ts'
import {
  deleteHeldRows,
  failHeldRuns,
  findPatientRow,
  releaseHeldRows,
  releaseHeldRuns,
  requestPart2Shared,
} from './ingestion.repository.ts'
import { storeRiskScore } from './ingestion.service.ts'

export const REJECTED_RUN_ERROR = 'Rejected after identity review: the data this pull held was deleted.'

export function subscribeIngestion(events: DomainEvents<AppContext>): void {
  events.on('authorization_request.authorized', async (ctx, tx, { request }) => {
    await queueIngestion(ctx, tx, request)
  })
  events.on('authorization_request.pull_retry_requested', async (ctx, tx, { request }) => {
    await queueIngestion(ctx, tx, request)
  })
  events.on('authorization_request.identity_confirmed', async (ctx, tx, { request, at, medicare }) => {
    await releaseHeldRows(tx, request.id)
    const patient = await findPatientRow(tx, request.patientId)
    const scored = patient && {
      id: patient.id,
      gender: medicare.gender ?? patient.gender,
      birthDate: medicare.birthDate ?? patient.birthDate,
    }
    if (scored) {
      await storeRiskScore(ctx, tx, request, scored)
      await markPatientDataRefreshed(tx, scored.id, at)
    }
    await releaseHeldRuns(tx, request.id, at)
    if (scored)
      await ctx.events.publish(ctx, tx, 'ingestion.pull_completed', {
        request,
        patientId: scored.id,
        birthDate: scored.birthDate,
        gender: scored.gender,
        part2Shared: await requestPart2Shared(tx, request.id),
        at,
      })
  })
  events.on('authorization_request.identity_rejected', async (_ctx, tx, { request, at }) => {
    await deleteHeldRows(tx, request.id)
    await failHeldRuns(tx, request.id, at, REJECTED_RUN_ERROR)
  })
}
