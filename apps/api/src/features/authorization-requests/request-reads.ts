// What views and other features read about requests: the dashboard's and the admin overview's figures,
// one request under the caller's visibility rule, and the duration a provider asked for. The queries stay in
// the repositories (private to this feature); these signatures are the promise other code builds on.
import { type Principal } from '../../platform/identity/index.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import * as requests from './authorization-requests.repository.ts'
import * as figures from './request-figures.repository.ts'
import type { RequestRow } from './transitions.ts'

export type { RequestFigures, RequestStatusCounts, UpcomingExpiry } from './request-figures.repository.ts'

/** The dashboard's request figures, counted in the caller's scope. */
export const requestFigures = (
  db: DbOrTx,
  principal: Principal,
  now: Date,
): Promise<figures.RequestFigures> => figures.requestFigures(db, principal, now)

/** An agent's authorizations that end soonest, in the caller's scope. */
export const upcomingExpiries = (
  db: DbOrTx,
  principal: Principal,
  now: Date,
  limit?: number,
): Promise<figures.UpcomingExpiry[]> => figures.upcomingExpiries(db, principal, now, limit)

/** Requests by status and failed pulls: one organisation's, or (null) the whole platform's. */
export const requestStatusCounts = (
  db: DbOrTx,
  organizationId: string | null,
): Promise<figures.RequestStatusCounts> => figures.requestStatusCounts(db, organizationId)

/** The one visibility rule for a request (organisation, agent's own, TIN scope), for features that read one. */
export const findScopedRequest = (
  db: DbOrTx,
  principal: Principal,
  id: string,
): Promise<{ request: RequestRow; patient: requests.PatientRow } | undefined> =>
  requests.findScopedRequest(db, principal, id)

/** The access period in days a provider asked for when creating the request (null: the default). */
export const findRequestedDurationDays = (db: DbOrTx, requestId: string): Promise<number | null> =>
  requests.findRequestedDurationDays(db, requestId)
