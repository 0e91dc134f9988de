// One pull of a beneficiary's Medicare data for one request: Patient (if granted),
// Coverage, every page of ExplanationOfBenefit, mapped and upserted page by page with progress; then the
// identity check and the risk score. Later runs ask only for what changed since the last completed run.
import {
  isBlueButtonError,
  mapCoverage,
  mapExplanationOfBenefit,
  mapPatient,
  summarizeCoverage,
  type AccessTokenSource,
  type BlueButtonClient,
  type CoverageRecord,
  type FhirResource,
  type PatientRecord,
} from '@blueconsent/bluebutton'
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import { noteMedicareGrantEnded, requireIdentityReview } from '../authorization-requests/index.ts'
import { blueButtonClients, findGrant, grantTokenSource } from '../bluebutton/index.ts'
import { applyMedicareDemographics, markPatientDataRefreshed } from '../patients/index.ts'
import { checkIdentity, type IdentityCheck } from './identity.ts'
import { queueIngestion } from './ingestion.queue.ts'
import {
  findRunWithSubject,
  insertRiskScore,
  lastCompletedRunStart,
  updateRun,
  storedClaimRecords,
  storedCoverageRecords,
  upsertClaim,
  upsertCoverage,
  upsertMedication,
  type PatientRow,
  type RequestRow,
  type RunRow,
} from './ingestion.repository.ts'
import { computeRiskScore, sexOf } from './risk.ts'

export type IngestionOutcome = 'completed' | 'held_for_review' | 'failed' | 'skipped' | 'superseded'

export const INTERRUPTED_RUN_ERROR =
  'Interrupted: the server stopped during this pull (or the pull outlasted its time limit); a new run pulls again.'

const PAGE_SIZE = 50

type Pull = {
  ctx: AppContext
  run: RunRow
  request: RequestRow
  patient: PatientRow
  client: BlueButtonClient
  token: AccessTokenSource
  scopes: string
}

/** The job handler. Throws only for what a retry may fix (transient Blue Button errors, database hiccups). */
export async function runIngestion(ctx: AppContext, runId: string): Promise<IngestionOutcome> {
  const loaded = await findRunWithSubject(ctx.db, runId)
  if (!loaded || loaded.run.status === 'completed' || loaded.run.status === 'held_for_review')
    return 'skipped'
  if (loaded.run.status === 'running') return supersedeInterruptedRun(ctx, loaded)
  const { run, request, patient } = loaded
  const grant = request.grantId ? await findGrant(ctx.db, request.grantId) : undefined
  const client = grant ? blueButtonClients(ctx).byClientId(grant.clientId) : null
  if (request.status !== 'authorized' || !grant || !client) {
    await updateRun(ctx.db, run.id, {
      status: 'failed',
      error: 'The request is not authorized.',
      finishedAt: ctx.clock(),
    })
    return 'failed'
  }
  const since = await lastCompletedRunStart(ctx.db, run.patientId)
  await updateRun(ctx.db, run.id, {
    status: 'running',
    startedAt: ctx.clock(),
    pagesFetched: 0,
    lastUpdatedAfter: since,
    error: null,
  })
  const pull: Pull = {
    ctx,
    run,
    request,
    patient,
    client,
    token: grantTokenSource(ctx, grant.id, client),
    scopes: grant.scopes,
  }
  try {
    return await pullAndStore(pull, since)
  } catch (error) {
    return failRun(pull, error)
  }
}

/**
 * Every way out of a pull leaves its run completed, held, failed or queued again, so a job that finds its run
 * still `running` was taken from a worker that is gone: the process was killed mid-pull, or pg-boss gave up on it
 * at its expiry (queue.ts), the only times it hands an active job to another worker, whichever instance runs it.
 * That run ends as failed with the reason, for the history and the request's status, and a new run with its
 * own job pulls again, in one transaction; the pages stored so far are upserted again, and nothing is served
 * before a pull completes. Finishing this job instead of resuming under the old id keeps the rule that a run
 * has one job: were the new run carried by this job, a second crash would leave it `running` with none.
 */
async function supersedeInterruptedRun(
  ctx: AppContext,
  { run, request }: { run: RunRow; request: RequestRow },
): Promise<IngestionOutcome> {
  await ctx.db.transaction(async (tx) => {
    await updateRun(tx, run.id, { status: 'failed', error: INTERRUPTED_RUN_ERROR, finishedAt: ctx.clock() })
    await queueIngestion(ctx, tx, { id: request.id, patientId: run.patientId })
  })
  return 'superseded'
}

async function failRun(pull: Pull, error: unknown): Promise<IngestionOutcome> {
  const { ctx, run, request } = pull
  const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error'
  if (isBlueButtonError(error) && error.grantEnded) {
    await ctx.db.transaction(async (tx) => {
      await updateRun(tx, run.id, { status: 'failed', error: message, finishedAt: ctx.clock() })
      await noteMedicareGrantEnded(ctx, tx, request, error.code)
    })
    return 'failed'
  }
  const retryable = !isBlueButtonError(error) || error.transient
  await updateRun(ctx.db, run.id, {
    status: retryable ? 'queued' : 'failed',
    error: message,
    ...(retryable ? {} : { finishedAt: ctx.clock() }),
  })
  if (retryable) throw error
  return 'failed'
}

async function pullAndStore(pull: Pull, since: Date | null): Promise<IngestionOutcome> {
  const { ctx } = pull
  const beneficiary = await readBeneficiary(pull)
  await pullCoverage(pull, since)
  await pullExplanationsOfBenefit(pull, since)
  const identity = checkIdentity({
    requestedName: pull.request.patientName,
    requestedBirthDate: pull.patient.birthDate,
    beneficiaryFamilyName: beneficiary?.lastName ?? null,
    beneficiaryBirthDate: beneficiary?.birthDate ?? null,
  })
  const held = !identity.match && pull.request.identityReview !== 'confirmed'
  await ctx.db.transaction(async (tx) => {
    if (held) await holdForReview(pull, tx, identity)
    else if (beneficiary) await updateDemographics(pull, tx, beneficiary)
    await storeRiskScore(pull, tx, beneficiary)
    const now = ctx.clock()
    await markPatientDataRefreshed(tx, pull.patient.id, now)
    await updateRun(tx, pull.run.id, {
      status: held ? 'held_for_review' : 'completed',
      finishedAt: now,
      error: null,
    })
  })
  return held ? 'held_for_review' : 'completed'
}

async function readBeneficiary(pull: Pull): Promise<PatientRecord | null> {
  if (!pull.scopes.includes('patient/Patient')) return null
  const resource = await pull.client.readPatient(pull.token).catch((error: unknown) => {
    if (isBlueButtonError(error) && error.code === 'scope_denied') return null
    throw error
  })
  return resource ? mapPatient(resource).record : null
}

const asJson = (resource: FhirResource): Record<string, unknown> =>
  resource as unknown as Record<string, unknown>

async function pullCoverage(pull: Pull, since: Date | null): Promise<void> {
  const { ctx } = pull
  for await (const page of pull.client.coveragePages(pull.token, since ? { lastUpdatedAfter: since } : {})) {
    await ctx.db.transaction(async (tx) => {
      for (const resource of page.resources) {
        const mapped = mapCoverage(resource).record
        if (mapped) await upsertCoverage(tx, pull.patient.id, mapped, asJson(resource), ctx.clock())
      }
    })
  }
}

async function pullExplanationsOfBenefit(pull: Pull, since: Date | null): Promise<void> {
  const { ctx, run } = pull
  // Agents see medications only, so only Part D events are fetched and kept for them.
  const agent = pull.request.authorizationType === 'insurance_agent'
  const search = {
    count: PAGE_SIZE,
    ...(since ? { lastUpdatedAfter: since } : {}),
    ...(agent ? { types: ['PDE' as const] } : {}),
  }
  let fetched = 0
  let resources = 0
  for await (const page of pull.client.explanationOfBenefitPages(pull.token, search)) {
    await ctx.db.transaction(async (tx) => {
      for (const resource of page.resources) await storeExplanationOfBenefit(pull, tx, resource)
      fetched += 1
      resources += page.resources.length
      const total = page.total === null ? null : Math.max(fetched, Math.ceil(page.total / PAGE_SIZE))
      await updateRun(tx, run.id, { pagesFetched: fetched, pagesTotal: total, resourcesFetched: resources })
    })
  }
  if (fetched === 0) await updateRun(ctx.db, run.id, { pagesTotal: 0 })
}

async function storeExplanationOfBenefit(pull: Pull, tx: DbOrTx, resource: FhirResource): Promise<void> {
  const mapped = mapExplanationOfBenefit(resource)
  const now = pull.ctx.clock()
  if (mapped.kind === 'medication')
    await upsertMedication(tx, pull.patient.id, mapped.record, asJson(resource), now)
  if (mapped.kind === 'claim' && pull.request.authorizationType === 'healthcare_provider') {
    await upsertClaim(tx, pull.patient.id, mapped.record, asJson(resource), now)
  }
}

async function holdForReview(pull: Pull, tx: DbOrTx, identity: IdentityCheck): Promise<void> {
  const { ctx, request } = pull
  if (request.identityReview === 'pending') return
  await requireIdentityReview(ctx, tx, request, identity.reasons)
}

async function updateDemographics(pull: Pull, tx: DbOrTx, beneficiary: PatientRecord): Promise<void> {
  await applyMedicareDemographics(pull.ctx, tx, pull.patient, beneficiary)
}

async function storeRiskScore(pull: Pull, tx: DbOrTx, beneficiary: PatientRecord | null): Promise<void> {
  if (pull.request.authorizationType !== 'healthcare_provider') return
  const coverage: CoverageRecord[] = await storedCoverageRecords(tx, pull.patient.id)
  const claims = await storedClaimRecords(tx, pull.patient.id)
  const demographics = {
    sex: sexOf(beneficiary?.gender ?? pull.patient.gender),
    birthDate: beneficiary?.birthDate ?? pull.patient.birthDate,
  }
  const scored = computeRiskScore(
    claims,
    demographics,
    coverage.length > 0 ? summarizeCoverage(coverage) : null,
    pull.ctx.clock(),
  )
  if (!scored) return
  await insertRiskScore(tx, {
    patientId: pull.patient.id,
    model: scored.model,
    paymentYear: scored.paymentYear,
    score: scored.score,
    segment: scored.segment,
    result: scored.result as unknown as Record<string, unknown>,
    calculatedAt: pull.ctx.clock(),
  })
}
