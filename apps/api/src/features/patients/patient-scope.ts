// The scope of every patient read, as SQL conditions over `patients`: the organisation; without all_tins,
// patients on the user's TINs or with no TIN (the same rule as `patientInScope` in patient-records.ts);
// agents only patients with an authorized, unexpired request of their own. A rule, not a query: the
// patients repository builds every patient query from it, and features whose tables hang off patients
// (risk-gaps' worklist) put it in their own queries so their scope cannot drift from this one.
import { isAgentRole, roleFitsOrganizationType } from '@blueconsent/contract/shared'
import { and, eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { type Principal } from '../../platform/identity/index.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { patients } from '../../platform/db/schema/patients.ts'

/**
 * What the scope conditions compare with: the principal's own values, or the placeholders of a prepared
 * statement (findScopedPatient). Both go through the same builders below, so a prepared scope cannot drift
 * from the one every other query uses.
 */
export type ScopeInputs = {
  organizationId: string | Placeholder
  userId: string | Placeholder
  /** An expression of type uuid[]. */
  tinIds: SQL
  /** An ISO timestamp. */
  now: string | Placeholder
}

/** What decides the shape of the scope conditions (the rest are values). */
export type ScopeShape = Pick<Principal, 'role' | 'organizationType' | 'allTins'> & {
  inOrganization: boolean
}

export const shapeOf = (principal: Principal): ScopeShape => ({
  role: principal.role,
  organizationType: principal.organizationType,
  allTins: principal.allTins,
  inOrganization: principal.organizationId !== null,
})

/** A name for the shape, unique per shape (prepared statements and batch keys are named by it). */
export const shapeName = (shape: ScopeShape): string =>
  `${shape.role}_${shape.organizationType ?? 'none'}_${shape.allTins}_${shape.inOrganization}`

export const inputsOf = (principal: Principal, now: Date): ScopeInputs => ({
  organizationId: principal.organizationId ?? '',
  userId: principal.userId,
  tinIds: sql`${sql.param(principal.tinIds)}::uuid[]`,
  now: now.toISOString(),
})

/** Authorized, unexpired and not held for an identity review: the only state in which data is served. */
export function activeRequestWith(shape: ScopeShape, inputs: ScopeInputs): SQL {
  return and(
    eq(authorizationRequests.patientId, patients.id),
    eq(authorizationRequests.organizationId, patients.organizationId),
    eq(authorizationRequests.status, 'authorized'),
    sql`${authorizationRequests.expiresAt} > ${inputs.now}`,
    sql`${authorizationRequests.identityReview} not in ('pending', 'rejected')`,
    isAgentRole(shape.role) ? eq(authorizationRequests.requesterUserId, inputs.userId) : undefined,
  ) as SQL
}

export const activeAuthorizationExistsWith = (shape: ScopeShape, inputs: ScopeInputs): SQL =>
  sql`exists (select 1 from ${authorizationRequests} where ${activeRequestWith(shape, inputs)})`

/**
 * The condition "the caller has an active authorization for this row of `patients`", for a query over
 * `patients`: what the Medicare pull wrote (the MBI, birth date, gender, state, ZIP) is matched on only then.
 */
export function activeAuthorizationExists(principal: Principal, now: Date): SQL {
  return activeAuthorizationExistsWith(shapeOf(principal), inputsOf(principal, now))
}

export function patientScopeWith(shape: ScopeShape, inputs: ScopeInputs): SQL {
  // Platform administrators belong to no organisation and see no patients. A role in the wrong kind of
  // organisation (an agent role in an ACO, say) sees none either, as the web guards say.
  if (!shape.inOrganization) return sql`false`
  if (!roleFitsOrganizationType(shape.role, shape.organizationType)) return sql`false`
  const conditions: (SQL | undefined)[] = [eq(patients.organizationId, inputs.organizationId)]
  if (!shape.allTins) {
    conditions.push(or(isNull(patients.tinId), sql`${patients.tinId} = any(${inputs.tinIds})`))
  }
  if (isAgentRole(shape.role)) {
    conditions.push(activeAuthorizationExistsWith(shape, inputs))
  }
  return and(...conditions) as SQL
}

export function patientScope(principal: Principal, now: Date): SQL {
  return patientScopeWith(shapeOf(principal), inputsOf(principal, now))
}

/**
 * For a query over `patients`: the id of the caller's active authorization request for the row (agents:
 * their own), the most recently authorized if several, or null. What an audit row names as its reason.
 */
export function activeAuthorizationIdWith(shape: ScopeShape, inputs: ScopeInputs): SQL<string | null> {
  return sql<
    string | null
  >`(select ${authorizationRequests.id} from ${authorizationRequests} where ${activeRequestWith(shape, inputs)} order by ${authorizationRequests.authorizedAt} desc nulls last, ${authorizationRequests.createdAt} desc, ${authorizationRequests.id} desc limit 1)`
}

export const activeAuthorizationId = (principal: Principal, now: Date): SQL<string | null> =>
  activeAuthorizationIdWith(shapeOf(principal), inputsOf(principal, now))
