// One pull of a beneficiary's Medicare data for one request: Patient (if granted) and the identity check,
// then Coverage and every page of ExplanationOfBenefit, mapped and upserted page by page with progress, then
// the risk score. Later runs ask only for what changed since the last completed run, unless that run pulled
// with another Blue Button version: then the pull is whole and replaces what the other version stored. A pull
// whose beneficiary does not match is held: everything it stores is quarantined under its run until reviewed.
import {
  isBlueButtonError,
  mapCoverage,
  mapExplanationOfBenefit,
  mapPatient,
  summarizeCoverage,
  type AccessTokenSource,
  type BlueButtonApiVersion,
  type BlueButtonClient,
  type CoverageRecord,
  type FhirResource,
  type PatientRecord,
} from '@blueconsent/bluebutton'
import { writeAuditRow } from '../../platform/audit/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { decrypt } from '../../platform/lib/crypto.ts'
import {
  noteMedicareGrantEnded,
  requestFacts,
  requireIdentityReview,
} from '../authorization-requests/index.ts'
import {
  blueButtonClients,
  findGrant,
  grantTokenSource,
  recordGrantPart2Sharing,
} from '../bluebutton/index.ts'
import { applyMedicareDemographics, markPatientDataRefreshed } from '../patients/index.ts'
import { checkIdentity, differencesOf, type IdentityCheck } from './identity.ts'
import { HELD_FOR_ORGANIZATION, queueIngestion } from './ingestion.queue.ts'
import {
  findRunWithSubject,
  insertRiskScore,
  lockRunStillRunning,
  lockRunsAndFindCompletedSince,
  lastCompletedRun,
  deleteRowsOfOtherVersions,
  type Destination,
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

/** `held`: the organisation is deactivated; the run stays queued until it is reactivated (resumeHeldPulls). */
export type IngestionOutcome = 'completed' | 'held_for_review' | 'failed' | 'skipped' | 'superseded' | 'held'

/**
 * Blue Button refuses every v1/v2 claims call for a grant whose patient kept alcohol & substance use (42 CFR
 * Part 2) claims private on the v3 consent screen. Asking again cannot change that, so the pull fails once
 * with this reason and is not retried.
 */
export const PART2_REFUSED_ERROR =
  'Medicare refused the claims request (403). This happens when the patient chose on Medicare’s consent screen ' +
  'not to share alcohol and substance use records and the portal then asks Blue Button v2. Set ' +
  'BLUEBUTTON_API_VERSION=v3, then pull again.'

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
  grantId: string
  /** Set once the claims search is under way, so a refusal can be told apart from one on Patient or Coverage. */
  eobStarted?: boolean
  /** What the claims search said about 42 CFR Part 2 claims (null: v2, which does not say). */
  part2Shared?: boolean | null
  /** Where the pull's rows go: the patient's, or quarantined under the run while its identity is held. */
  destination: Destination
}

/** The job handler. Throws only for what a retry may fix (transient Blue Button errors, database hiccups). */
export async function runIngestion(ctx: AppContext, runId: string): Promise<IngestionOutcome> {
  const loaded = await findRunWithSubject(ctx.db, runId)
  if (!loaded || loaded.run.status === 'completed' || loaded.run.status === 'held_for_review')
    return 'skipped'
  if (loaded.run.status === 'running') return supersedeInterruptedRun(ctx, loaded)
  if (!loaded.organizationActive) {
    await updateRun(ctx.db, loaded.run.id, { error: HELD_FOR_ORGANIZATION })
    return 'held'
  }
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
  await updateRun(ctx.db, run.id, {
    status: 'running',
    startedAt: ctx.clock(),
    pagesFetched: 0,
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
    grantId: grant.id,
    destination: { patientId: patient.id, heldRunId: null, apiVersion: client.apiVersion },
  }
  try {
    return await pullAndStore(pull)
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
  return ctx.db.transaction(async (tx) => {
    // The worker thought gone may have finished the run in the meantime (it locks the run to finish it).
    if (!(await lockRunStillRunning(tx, run.id))) return 'skipped'
    await updateRun(tx, run.id, { status: 'failed', error: INTERRUPTED_RUN_ERROR, finishedAt: ctx.clock() })
    await queueIngestion(ctx, tx, { id: request.id, patientId: run.patientId })
    return 'superseded'
  })
}

async function failRun(pull: Pull, error: unknown): Promise<IngestionOutcome> {
  const { ctx, run, request } = pull
  const message = claimsRefused(pull, error)
    ? PART2_REFUSED_ERROR
    : error instanceof Error
      ? error.message.slice(0, 500)
      : 'unknown error'
  if (isBlueButtonError(error) && error.grantEnded) {
    await ctx.db.transaction(async (tx) => {
      await updateRun(tx, run.id, { status: 'failed', error: message, finishedAt: ctx.clock() })
      await noteMedicareGrantEnded(ctx, tx, request, error.code)
      await ctx.events.publish(ctx, tx, 'ingestion.failed', {
        request: requestFacts(ctx, request),
        runId: run.id,
        at: ctx.clock(),
      })
    })
    return 'failed'
  }
  const retryable = !isBlueButtonError(error) || error.transient
  await ctx.db.transaction(async (tx) => {
    await updateRun(tx, run.id, {
      status: retryable ? 'queued' : 'failed',
      error: message,
      ...(retryable ? {} : { finishedAt: ctx.clock() }),
    })
    if (!retryable)
      await ctx.events.publish(ctx, tx, 'ingestion.failed', {
        request: requestFacts(ctx, request),
        runId: run.id,
        at: ctx.clock(),
      })
  })
  if (retryable) throw error
  return 'failed'
}

/** A 403 on a v2 claims search: how Blue Button refuses a grant whose patient kept Part 2 claims private. */
function claimsRefused(pull: Pull, error: unknown): boolean {
  return (
    isBlueButtonError(error) &&
    error.endpoint === 'fhir' &&
    error.status === 403 &&
    error.code === 'forbidden' &&
    pull.client.apiVersion === 'v2' &&
    pull.eobStarted === true
  )
}

async function pullAndStore(pull: Pull): Promise<IngestionOutcome> {
  const { ctx, run } = pull
  const beneficiary = await readBeneficiary(pull)
  const identity = checkIdentity({
    requestedName: pull.request.patientName,
    requestedBirthDate: requestedBirthDate(pull),
    beneficiaryFamilyName: beneficiary?.lastName ?? null,
    beneficiaryBirthDate: beneficiary?.birthDate ?? null,
  })
  const held = !identity.match && pull.request.identityReview !== 'confirmed'
  // A held pull is stored apart and whole: were it confirmed, an incremental pull of another person's
  // record would leave out everything older than the patient's last pull.
  const previous = held ? null : await lastCompletedRun(ctx.db, run.patientId)
  const switchedFrom = versionSwitchedFrom(previous, pull.client.apiVersion)
  const since = switchedFrom === undefined ? (previous?.startedAt ?? null) : null
  if (held) pull.destination = { ...pull.destination, heldRunId: run.id }
  await updateRun(ctx.db, run.id, { lastUpdatedAfter: since, apiVersion: pull.client.apiVersion })
  await pullCoverage(pull, since)
  await pullExplanationsOfBenefit(pull, since)
  const redundant = await ctx.db.transaction(async (tx) => {
    // A run superseded while its worker was still pulling (pg-boss handed the job on at its expiry) and its
    // successor both pull to the end, so a slow pull always finishes; the first to finish stores the score and
    // announces the data, the other only completes: one pull, one risk score.
    const now = ctx.clock()
    if (await lockRunsAndFindCompletedSince(tx, run, run.createdAt)) {
      await updateRun(tx, run.id, { status: 'completed', finishedAt: now, error: null })
      return true
    }
    if (held) await holdForReview(pull, tx, identity, beneficiary)
    else {
      if (switchedFrom !== undefined) await replaceOtherVersionRows(pull, tx, switchedFrom)
      if (beneficiary) await updateDemographics(pull, tx, beneficiary)
      const scored = {
        ...pull.patient,
        gender: beneficiary?.gender ?? pull.patient.gender,
        birthDate: beneficiary?.birthDate ?? pull.patient.birthDate,
      }
      await storeRiskScore(ctx, tx, pull.request, scored)
      await markPatientDataRefreshed(tx, pull.patient.id, now)
      await ctx.events.publish(ctx, tx, 'ingestion.pull_completed', {
        request: requestFacts(ctx, pull.request),
        patientId: scored.id,
        birthDate: scored.birthDate,
        gender: scored.gender,
        part2Shared: pull.part2Shared ?? null,
        at: now,
      })
    }
    await updateRun(tx, run.id, {
      status: held ? 'held_for_review' : 'completed',
      finishedAt: now,
      error: null,
    })
    if (!held)
      await ctx.events.publish(ctx, tx, 'ingestion.completed', {
        request: requestFacts(ctx, pull.request),
        runId: run.id,
        at: now,
      })
    return false
  })
  if (redundant) return 'skipped'
  return held ? 'held_for_review' : 'completed'
}

/**
 * The version the patient's last completed run pulled with when it is not this one (null: not recorded), else
 * undefined. CMS names claims, drug events and coverage differently in each version, with no crosswalk.
 */
function versionSwitchedFrom(
  previous: { apiVersion: BlueButtonApiVersion | null } | null,
  apiVersion: BlueButtonApiVersion,
): BlueButtonApiVersion | null | undefined {
  if (previous === null || previous.apiVersion === apiVersion) return undefined
  return previous.apiVersion
}

/**
 * After a whole pull under a new version, the rows the other version stored and this pull did not store again
 * are the same claims, drugs and coverage under their old ids: they go, before the score is computed.
 */
async function replaceOtherVersionRows(
  pull: Pull,
  tx: DbOrTx,
  from: BlueButtonApiVersion | null,
): Promise<void> {
  const { ctx, request, run } = pull
  const removed = await deleteRowsOfOtherVersions(tx, pull.patient.id, pull.client.apiVersion)
  await writeAuditRow(tx, {
    action: 'ingestion.api_version_switched',
    actorUserId: null,
    organizationId: request.organizationId,
    requestId: request.id,
    patientId: pull.patient.id,
    details: {
      run_id: run.id,
      from_version: from,
      to_version: pull.client.apiVersion,
      coverages_removed: removed.coverages,
      claims_removed: removed.claims,
      medications_removed: removed.medications,
    },
    at: ctx.clock(),
  })
}

/** The birth date typed on the request, else the one on file for the patient. */
function requestedBirthDate(pull: Pull): string | null {
  const typed = pull.request.patientBirthDateEncrypted
  return typed ? decrypt(pull.ctx.keys, typed) : pull.patient.birthDate
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
  // A grant without the Coverage scope (the patient's choice, or an older grant): Blue Button would answer 403.
  if (!pull.scopes.includes('patient/Coverage')) return
  for await (const page of pull.client.coveragePages(pull.token, since ? { lastUpdatedAfter: since } : {})) {
    await ctx.db.transaction(async (tx) => {
      for (const resource of page.resources) {
        const mapped = mapCoverage(resource).record
        if (mapped) await upsertCoverage(tx, pull.destination, mapped, asJson(resource), ctx.clock())
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
  pull.eobStarted = true
  for await (const page of pull.client.explanationOfBenefitPages(pull.token, search)) {
    if (fetched === 0) await recordPart2Sharing(pull, page.excludesPart2)
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

/**
 * Only v3 asks the patient about 42 CFR Part 2 claims, and Blue Button tells the answer only in the claims
 * search it runs: a search that left them out carries `_security:not=42CFRPart2` in its links.
 */
async function recordPart2Sharing(pull: Pull, excluded: boolean): Promise<void> {
  const shared = pull.client.apiVersion === 'v3' ? !excluded : null
  pull.part2Shared = shared
  await pull.ctx.db.transaction(async (tx) => {
    await updateRun(tx, pull.run.id, { part2Shared: shared })
    await recordGrantPart2Sharing(tx, pull.grantId, shared)
  })
}

async function storeExplanationOfBenefit(pull: Pull, tx: DbOrTx, resource: FhirResource): Promise<void> {
  const mapped = mapExplanationOfBenefit(resource)
  const now = pull.ctx.clock()
  if (mapped.kind === 'medication')
    await upsertMedication(tx, pull.destination, mapped.record, asJson(resource), now)
  if (mapped.kind === 'claim' && pull.request.authorizationType === 'healthcare_provider') {
    await upsertClaim(tx, pull.destination, mapped.record, asJson(resource), now)
  }
}

async function holdForReview(
  pull: Pull,
  tx: DbOrTx,
  identity: IdentityCheck,
  beneficiary: PatientRecord | null,
): Promise<void> {
  const { ctx, request } = pull
  if (request.identityReview === 'pending') return
  await requireIdentityReview(ctx, tx, request, {
    reasons: identity.reasons,
    differences: differencesOf(identity.reasons),
    medicareName: beneficiary ? beneficiaryName(beneficiary) : null,
    medicareBirthDate: beneficiary?.birthDate ?? null,
    medicareIdLast4: beneficiary?.mbi ? beneficiary.mbi.slice(-4) : null,
    medicareGender: beneficiary?.gender ?? null,
  })
}

const beneficiaryName = (beneficiary: PatientRecord): string | null =>
  [beneficiary.firstName, ...beneficiary.middleNames, beneficiary.lastName]
    .filter((part): part is string => Boolean(part))
    .join(' ') || null

async function updateDemographics(pull: Pull, tx: DbOrTx, beneficiary: PatientRecord): Promise<void> {
  await applyMedicareDemographics(pull.ctx, tx, pull.patient, beneficiary)
}

/**
 * A provider's patient gets a new risk score over every released claim and coverage: after a pull that
 * matched, and when a reviewer confirms a held one (never over quarantined rows).
 */
export async function storeRiskScore(
  ctx: AppContext,
  tx: DbOrTx,
  request: Pick<RequestRow, 'authorizationType'>,
  patient: Pick<PatientRow, 'id' | 'gender' | 'birthDate'>,
): Promise<void> {
  if (request.authorizationType !== 'healthcare_provider') return
  const coverage: CoverageRecord[] = await storedCoverageRecords(tx, patient.id)
  const claims = await storedClaimRecords(tx, patient.id)
  const demographics = { sex: sexOf(patient.gender), birthDate: patient.birthDate }
  const scored = computeRiskScore(
    claims,
    demographics,
    coverage.length > 0 ? summarizeCoverage(coverage) : null,
    ctx.clock(),
  )
  if (!scored) return
  await insertRiskScore(tx, {
    patientId: patient.id,
    model: scored.model,
    paymentYear: scored.paymentYear,
    score: scored.score,
    segment: scored.segment,
    result: scored.result as unknown as Record<string, unknown>,
    calculatedAt: ctx.clock(),
  })
}
