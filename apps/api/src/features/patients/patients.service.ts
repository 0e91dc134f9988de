// Patient search and reads. Every read is scoped (patients.repository.ts) and audited; clinical
// data is served only while an authorization is active, and agents get medications only.
import {
  type ClaimDetail,
  type Consolidated,
  type Patient,
  type PatientList,
  type PatientRiskScore,
  type PatientSearchQuery,
} from '@blueconsent/contract/patients'
import {
  displayOptionsFor,
  isAgentRole,
  isValidPatientId,
  MESSAGES,
  toE164,
} from '@blueconsent/contract/shared'
import { type Actor, type Principal } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { readAll } from '../../platform/db/client.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import type { AnswerCache, CachedAnswer } from '../../platform/lib/answer-cache.ts'
import { keyedHash } from '../../platform/lib/crypto.ts'
import { accessReason, sealSearchQuery, writeAudit } from '../../platform/audit/index.ts'
import {
  latestRiskScore as latestRiskScoreRow,
  listClaims,
  listMedications,
  type ClaimWithChildren,
} from './clinical.repository.ts'
import { riskScoreView, toClaim, toMedication } from './clinical-views.ts'
import { mrnHash } from './patient-records.ts'
import { nameWords } from './name-search.ts'
import { searchPageFor, type GeneralTerm, type SearchTerms } from './patient-search.repository.ts'
import { searchesByIdentifier, toBasicInfo, toPatient } from './patient-views.ts'
import { findScopedPatient } from './scoped-patient-batches.ts'
import {
  findScopedClaim,
  claimChildren,
  newestRequests,
  nextAuthorizationEnd,
  requestPart2Shared,
  searchPatientsInContext,
  type ScopedPatient,
  type SearchPage,
} from './patients.repository.ts'

export const invalidPatientId = (): AppError => new AppError(400, 'validation_error', MESSAGES.patientId)

export const IDENTIFIER_SEARCH_REFUSED = {
  mrn: 'Search by MRN is not available for your role.',
  medicare_number: 'Search by Medicare ID is not available for your role.',
} as const

/** MBIs are stored as Blue Button sends them: upper case, no separators. */
export const normaliseMbi = (value: string): string => value.trim().toUpperCase().replace(/[\s-]/g, '')

const SEARCH_PARAMETERS = ['mrn', 'medicare_number', 'search', 'uuid'] as const

const isPhoneNumber = (digits: string): boolean =>
  digits.length === 10 || (digits.length === 11 && digits.startsWith('1'))

/**
 * `search=`: names word by word, and email and phone by keyed-hash equality, normalised as the writers
 * store them; MRN and MBI too for the roles that may search by them (`searchesByIdentifier`), so no other
 * role can probe an identifier it is not shown. Terms with a digit or an @ are identifiers, never names.
 */
function generalTerm(ctx: Pick<AppContext, 'keys'>, term: string, withIdentifiers: boolean): GeneralTerm {
  return {
    text: term,
    nameWords: /[\d@]/.test(term) ? null : nameWords(term),
    emailHash: keyedHash(ctx.keys, term.toLowerCase()),
    phoneHash: isPhoneNumber(term.replace(/\D/g, '')) ? keyedHash(ctx.keys, toE164(term)) : null,
    mrnHash: withIdentifiers ? mrnHash(ctx, term) : null,
    mbiHash: withIdentifiers ? keyedHash(ctx.keys, normaliseMbi(term)) : null,
  }
}

/** The query behind GET /api/patients/ (exported for bench/patients, which times it at the database). */
export async function patientSearchPage(
  ctx: Pick<AppContext, 'keys' | 'db'>,
  principal: Principal,
  query: PatientSearchQuery,
  now: Date,
): Promise<SearchPage> {
  const withIdentifiers = searchesByIdentifier(principal.role)
  // MRN and Medicare ID search are for ACO and physician roles only: refused, not ignored.
  for (const name of ['mrn', 'medicare_number'] as const) {
    if (query[name] !== undefined && !withIdentifiers)
      throw new AppError(400, 'validation_error', IDENTIFIER_SEARCH_REFUSED[name])
  }
  if (query.uuid !== undefined && !isValidPatientId(query.uuid)) throw invalidPatientId()
  const terms: SearchTerms = {
    uuid: query.uuid,
    mrnHash: query.mrn === undefined ? undefined : mrnHash(ctx, query.mrn),
    mbiHash:
      query.medicare_number === undefined
        ? undefined
        : keyedHash(ctx.keys, normaliseMbi(query.medicare_number)),
    general: query.search === undefined ? undefined : generalTerm(ctx, query.search, withIdentifiers),
    ordering: query.ordering,
  }
  return searchPageFor(ctx.db, principal, now, terms, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  })
}

/**
 * Everything a search answer depends on beyond the clock: the organisation's data revision (patients, their
 * requests, scores and names all raise it), the caller's whole scope and the query as parsed.
 */
const searchKey = (principal: Principal, query: PatientSearchQuery, path: string): string =>
  JSON.stringify([
    principal.organizationId,
    principal.organizationRevision,
    principal.userId,
    principal.role,
    principal.allTins,
    principal.tinIds,
    principal.permissions,
    path,
    // The parsed fields only: the query passes unknown parameters through, and the web client stamps every
    // GET with its own `_t`.
    SEARCH_PARAMETERS.map((name) => query[name] ?? null),
    query.ordering ?? null,
    query.page,
    query.page_size,
  ])

/** A held answer counts only within the stretch of time its authorization conditions were computed for. */
const heldFor = (answer: CachedAnswer | undefined, now: Date): CachedAnswer | undefined => {
  const { from = Infinity, until = -Infinity } = answer?.facts ?? {}
  return from <= now.getTime() && now.getTime() < until ? answer : undefined
}

const auditSearch = (
  ctx: AppContext,
  source: Actor,
  query: PatientSearchQuery,
  results: number,
  at: Date,
): Promise<void> => {
  const typed = SEARCH_PARAMETERS.filter((name) => query[name] !== undefined)
  return writeAudit(ctx.db, source, {
    action: 'patient.search',
    patientId: null,
    targetType: 'patient_search',
    details: { parameters: typed, results, page: query.page },
    sealedQuery:
      typed.length > 0
        ? sealSearchQuery(ctx.keys, Object.fromEntries(typed.map((name) => [name, String(query[name])])))
        : undefined,
    at,
  })
}

export type SearchRead =
  | { held: CachedAnswer }
  | { fresh: PatientList; key: string; facts: { results: number; from: number; until: number } }

/**
 * A page of the patient search. The audit row (with the number of results) is written on every call; the
 * page itself comes from `answers` while the revision, the caller's scope and the query are the same and
 * no running authorization has ended since it was computed, because the list page polls it.
 */
export async function searchPatientList(
  ctx: AppContext,
  source: Actor,
  query: PatientSearchQuery,
  path: string,
  answers: AnswerCache,
): Promise<SearchRead> {
  const now = ctx.clock()
  const { principal } = source
  const key = searchKey(principal, query, path)
  const held = heldFor(answers.held(key), now)
  if (held) {
    await auditSearch(ctx, source, query, held.facts?.results ?? 0, now)
    return { held }
  }
  const [{ total, rows }, endsAt] = await readAll(ctx.db, [
    async () =>
      searchPatientsInContext(ctx.db, principal, now, await patientSearchPage(ctx, principal, query, now), {
        scores: displayOptionsFor(principal.role).riskScore,
      }),
    () =>
      principal.organizationId === null
        ? Promise.resolve(null)
        : nextAuthorizationEnd(ctx.db, principal.organizationId, now),
  ] as const)
  await auditSearch(ctx, source, query, total, now)
  const pageUrl = (page: number): string => {
    const params = new URLSearchParams({ page: String(page), page_size: String(query.page_size) })
    for (const name of SEARCH_PARAMETERS) if (query[name] !== undefined) params.set(name, String(query[name]))
    if (query.ordering !== undefined) params.set('ordering', query.ordering)
    return `${path}?${params.toString()}`
  }
  const fresh = {
    count: total,
    next: query.page * query.page_size < total ? pageUrl(query.page + 1) : null,
    previous: query.page > 1 ? pageUrl(query.page - 1) : null,
    results: rows.map((row) =>
      withScore(toPatient(ctx, principal, row.patient, row.newestRequest, row.served), row.score),
    ),
  }
  const facts = { results: total, from: now.getTime(), until: endsAt?.getTime() ?? Infinity }
  return { fresh, key, facts }
}

/**
 * Loads a patient the caller may see, with the caller's active authorization for it (null: none; what
 * data is served and what the audit row names as its reason), or answers 404 (another organisation's
 * patient is never 403).
 */
export async function loadPatient(ctx: AppContext, source: Actor, id: string): Promise<ScopedPatient> {
  if (!isValidPatientId(id)) throw invalidPatientId()
  const found = await findScopedPatient(ctx.db, source.principal, ctx.clock(), id)
  if (!found) throw notFound()
  return found
}

export async function readPatient(ctx: AppContext, source: Actor, id: string): Promise<Patient> {
  const { row, authorizationId } = await loadPatient(ctx, source, id)
  await writeAudit(ctx.db, source, {
    action: 'patient.read',
    patientId: row.id,
    reason: accessReason(authorizationId),
    at: ctx.clock(),
  })
  const requests = await newestRequests(ctx.db, source.principal, [row.id])
  return toPatient(ctx, source.principal, row, requests.get(row.id), authorizationId !== null)
}

export async function readBasicInfo(ctx: AppContext, source: Actor, id: string) {
  const { row, authorizationId } = await loadPatient(ctx, source, id)
  await writeAudit(ctx.db, source, {
    action: 'patient.basic_info',
    patientId: row.id,
    reason: accessReason(authorizationId),
    at: ctx.clock(),
  })
  return toBasicInfo(source.principal, row, authorizationId !== null)
}

export async function readRiskScore(ctx: AppContext, source: Actor, id: string): Promise<PatientRiskScore> {
  const { row, authorizationId } = await loadPatient(ctx, source, id)
  const served = !isAgentRole(source.principal.role) && authorizationId !== null
  const explanation = served ? await latestRiskScore(ctx, row.id) : null
  const part2Shared =
    explanation && authorizationId ? await requestPart2Shared(ctx.db, authorizationId) : null
  await writeAudit(ctx.db, source, {
    action: 'patient.risk_score',
    patientId: row.id,
    details: { served: explanation !== null },
    reason: accessReason(authorizationId),
    at: ctx.clock(),
  })
  return {
    score: explanation?.score ?? null,
    calculation_date: explanation?.calculation_date ?? null,
    explanation,
    substance_use_claims_shared: part2Shared,
  }
}

async function latestRiskScore(ctx: AppContext, patientId: string) {
  const row = await latestRiskScoreRow(ctx.db, patientId)
  return row ? riskScoreView(row) : null
}

const toPatientClaim = (claim: ClaimWithChildren) => ({ ...toClaim(claim), record_id: claim.claim.id })

/**
 * The data the caller may see now: none without an active authorization, medications only for agents, and
 * none before a pull has completed once (pages are stored as they arrive, so a first pull that broke
 * half-way holds part of a record).
 */
export async function servedData(ctx: AppContext, source: Actor, { row, authorizationId }: ScopedPatient) {
  if (authorizationId === null || row.dataAsOf === null) return { medications: [], claims: [] }
  const agent = isAgentRole(source.principal.role)
  const [medicationRows, claimRows] = await Promise.all([
    listMedications(ctx.db, row.id),
    agent ? Promise.resolve([]) : listClaims(ctx.db, row.id),
  ])
  return { medications: medicationRows, claims: claimRows }
}

/**
 * Everything a consolidated record depends on beyond the access check: the organisation's data revision
 * (raised by every committed pull, revocation or patient change, migration 0017), the patient, the
 * authorization that serves it (null: nothing is served; it changes when one ends or starts, which the
 * per-request scope query sees at once) and whether the caller sees claims (agents do not).
 */
const consolidatedKey = (principal: Principal, patient: ScopedPatient): string =>
  JSON.stringify([
    principal.organizationId,
    principal.organizationRevision,
    patient.row.id,
    patient.authorizationId,
    isAgentRole(principal.role),
  ])

export type ConsolidatedRead =
  | { held: CachedAnswer }
  | { fresh: Consolidated; key: string; facts: { medications: number; claims: number } }

const auditConsolidated = (
  ctx: AppContext,
  source: Actor,
  patient: ScopedPatient,
  counts: { medications: number; claims: number },
): Promise<void> =>
  writeAudit(ctx.db, source, {
    action: 'patient.consolidated',
    patientId: patient.row.id,
    details: counts,
    reason: accessReason(patient.authorizationId),
    at: ctx.clock(),
  })

/**
 * The consolidated record. The scope check and the audit row happen on every read; the record itself
 * comes from `answers` (serialized, lib/answer-cache.ts) when nothing it depends on has changed, as its
 * medications and claims are the heaviest read a staff member makes and the record pages poll it.
 */
export async function readConsolidated(
  ctx: AppContext,
  source: Actor,
  id: string,
  answers: AnswerCache,
): Promise<ConsolidatedRead> {
  const patient = await loadPatient(ctx, source, id)
  const key = consolidatedKey(source.principal, patient)
  const held = answers.held(key)
  if (held) {
    await auditConsolidated(ctx, source, patient, {
      medications: held.facts?.medications ?? 0,
      claims: held.facts?.claims ?? 0,
    })
    return { held }
  }
  const { row } = patient
  const data = await servedData(ctx, source, patient)
  const facts = { medications: data.medications.length, claims: data.claims.length }
  await auditConsolidated(ctx, source, patient, facts)
  const fresh = {
    patient_id: row.id,
    data_as_of: row.dataAsOf?.toISOString() ?? null,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    medications: data.medications.map(toMedication),
    claims: data.claims.map(toPatientClaim),
  }
  return { fresh, key, facts }
}

export async function readClaim(ctx: AppContext, source: Actor, id: string): Promise<ClaimDetail> {
  const { principal } = source
  // Agents see medications only, so no claim exists for them (the route refuses them first, the same way).
  if (!principal.permissions.includes('patients.view_claims') || id.length > 200) throw notFound()
  const now = ctx.clock()
  const found = await findScopedClaim(ctx.db, principal, now, id, isValidPatientId(id))
  if (!found || found.authorizationId === null) throw notFound()
  const { claim } = found
  const { diagnoses, lines, procedures } = await claimChildren(ctx.db, claim.id)
  const withChildren: ClaimWithChildren = { claim, diagnoses, lines }
  await writeAudit(ctx.db, source, {
    action: 'claim.read',
    patientId: claim.patientId,
    targetType: 'claim',
    targetId: claim.id,
    reason: accessReason(found.authorizationId),
    at: now,
  })
  return {
    ...toPatientClaim(withChildren),
    patient_id: claim.patientId,
    procedures: procedures.map((p) => ({
      sequence: p.sequence,
      code: p.code,
      system: p.system,
      performed_on: p.performedOn,
    })),
  }
}

/** A list row with its newest score; served scores only (the map holds no other patients). */
const withScore = (patient: Patient, score: number | undefined): Patient => ({
  ...patient,
  risk_score: score ?? null,
})
