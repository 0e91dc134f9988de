// When a pull's data is released to a provider's patient, their gaps and Part D score are computed in the
// same transaction, so the worklist never computes on read. Agents' pulls hold medications only: no gaps.
import type { AppContext } from '../../platform/context.ts'
import type { DomainEvents } from '../../platform/events/domain-events.ts'
import { recomputePatientGaps } from './risk-gaps.service.ts'

export function subscribeRiskGaps(events: DomainEvents<AppContext>): void {
  events.on(
    'ingestion.pull_completed',
    async (ctx, tx, { request, patientId, gender, birthDate, part2Shared }) => {
      if (request.authorizationType !== 'healthcare_provider') return
      await recomputePatientGaps(ctx, tx, { id: patientId, gender, birthDate, part2Shared })
    },
  )
}
