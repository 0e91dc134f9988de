// The WHERE and ORDER BY of a patient search, built from terms the service already normalised and hashed
// (identifiers are compared by keyed hash, never in clear). Names go word by word through the name
// vocabulary (name-search.ts).
import type { PatientListOrdering } from '@blueconsent/contract/patients'
import { displayOptionsFor } from '@blueconsent/contract/shared'
import { and, eq, or, sql, type SQL } from 'drizzle-orm'
import { type Principal } from '../../platform/identity/index.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { released, riskScores } from '../../platform/db/schema/clinical.ts'
import { patients } from '../../platform/db/schema/patients.ts'
import { patientIdsWithTerms, termsForWords } from './name-search.ts'
import { activeAuthorizationExists, patientScope } from './patient-scope.ts'
import { type SearchPage } from './patients.repository.ts'

/** A `search=` term: its words for the name match (none for identifiers) and the hashes it may equal. */
export type GeneralTerm = {
  text: string
  nameWords: string[] | null
  emailHash: string
  phoneHash: string | null
  /** Only for roles that may search by MRN and MBI. */
  mrnHash: string | null
  mbiHash: string | null
}

export type SearchTerms = {
  uuid?: string | undefined
  mrnHash?: string | undefined
  mbiHash?: string | undefined
  general?: GeneralTerm | undefined
  /** The list's chosen order, before the name (the organisation's list); none: by relevance, then name. */
  ordering?: PatientListOrdering | undefined
}

/**
 * The newest score of a patient the caller may see it for (a role with risk scores and an active
 * authorization); otherwise null, so sorting by score reveals nothing the list would not show.
 */
function visibleScore(principal: Principal, now: Date): SQL {
  if (!displayOptionsFor(principal.role).riskScore) return sql`null::numeric`
  return sql`case when ${activeAuthorizationExists(principal, now)} then (select ${riskScores.score} from ${riskScores}
    where ${riskScores.patientId} = ${patients.id} and ${released(riskScores)} order by ${riskScores.calculatedAt} desc limit 1) end`
}

function orderingTerms(principal: Principal, now: Date, ordering: PatientListOrdering | undefined): SQL[] {
  switch (ordering) {
    case '-data_as_of':
      return [sql`${patients.dataAsOf} desc nulls last`]
    case 'data_as_of':
      return [sql`${patients.dataAsOf} asc nulls last`]
    case '-risk_score':
      return [sql`${visibleScore(principal, now)} desc nulls last`]
    case 'risk_score':
      return [sql`${visibleScore(principal, now)} asc nulls last`]
    case '-name':
      return [sql`lower(${patients.fullName}) desc`]
    default:
      return []
  }
}

/**
 * The MBI comes from the Medicare pull, so it matches only patients the caller has an active
 * authorization for: a revoked or expired authorization's data is neither served nor found by.
 */
const mbiMatches = (principal: Principal, now: Date, mbiHash: string): SQL =>
  and(eq(patients.mbiHash, mbiHash), activeAuthorizationExists(principal, now)) as SQL

async function generalCondition(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  organizationId: string,
  term: GeneralTerm,
): Promise<SQL> {
  const identifiers = or(
    term.mrnHash !== null ? eq(patients.mrnHash, term.mrnHash) : undefined,
    term.mbiHash !== null ? mbiMatches(principal, now, term.mbiHash) : undefined,
    eq(patients.emailHash, term.emailHash),
    term.phoneHash !== null ? eq(patients.phoneHash, term.phoneHash) : undefined,
  )
  const byIdentifier = sql`select ${patients.id} from ${patients} where ${patients.organizationId} = ${organizationId} and ${identifiers}`
  const byName =
    term.nameWords === null
      ? undefined
      : patientIdsWithTerms(organizationId, await termsForWords(db, organizationId, term.nameWords))
  return sql`${patients.id} in (${byName === undefined ? byIdentifier : sql`(${byName}) union (${byIdentifier})`})`
}

export async function searchPageFor(
  db: DbOrTx,
  principal: Principal,
  now: Date,
  terms: SearchTerms,
  paging: { limit: number; offset: number },
): Promise<SearchPage> {
  const conditions: SQL[] = [patientScope(principal, now)]
  const orderBy: SQL[] = []
  if (terms.uuid !== undefined) conditions.push(eq(patients.id, terms.uuid))
  if (terms.mrnHash !== undefined) conditions.push(eq(patients.mrnHash, terms.mrnHash))
  if (terms.mbiHash !== undefined) conditions.push(mbiMatches(principal, now, terms.mbiHash))
  if (terms.general !== undefined && principal.organizationId !== null) {
    conditions.push(await generalCondition(db, principal, now, principal.organizationId, terms.general))
    // Ranked on lower() rather than patient_name_fold(): unaccent on every candidate row doubles the query's
    // cost, and accents already made no difference to which patients match.
    orderBy.push(sql`similarity(lower(${patients.fullName}), lower(${terms.general.text})) desc`)
  }
  orderBy.push(...orderingTerms(principal, now, terms.ordering))
  orderBy.push(sql`lower(${patients.fullName})`, sql`${patients.id}`)
  return { where: sql.join(conditions, sql` and `), orderBy, ...paging }
}
