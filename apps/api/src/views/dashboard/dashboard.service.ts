// What each role's dashboard shows: an organisation's staff their patients and requests (scoped like every
// other read), an agent their clients and when each authorization ends, the platform administrator the
// platform's totals (no patient figures: they hold no patient scope).
import type { Dashboard } from '@blueconsent/contract/dashboard'
import { isAgentRole } from '@blueconsent/contract/shared'
import { type Principal } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { requestFigures, upcomingExpiries } from '../../features/authorization-requests/index.ts'
import { patientFigures, patientsChangedSince } from '../../features/patients/index.ts'
import { lastDashboardVisit, platformCounts, recordDashboardVisit } from './dashboard.repository.ts'

/** How many changed patients the dashboard names; the count covers them all. */
export const CHANGED_PATIENTS_SHOWN = 10

export async function dashboardFor(ctx: AppContext, principal: Principal): Promise<Dashboard> {
  const now = ctx.clock()
  const platform = principal.role === 'ADMIN' && principal.organizationId === null
  const organization = !platform && !isAgentRole(principal.role)
  const [requests, patients, upcoming, totals, changes] = await Promise.all([
    requestFigures(ctx.db, principal, now),
    platform ? Promise.resolve(null) : patientFigures(ctx.db, principal, now),
    isAgentRole(principal.role) ? upcomingExpiries(ctx.db, principal, now) : Promise.resolve([]),
    platform ? platformCounts(ctx.db) : Promise.resolve(null),
    organization ? changesSinceLastVisit(ctx, principal, now) : Promise.resolve(null),
  ])
  return {
    kind: platform ? 'platform' : isAgentRole(principal.role) ? 'agent' : 'organization',
    generated_at: now.toISOString(),
    requests,
    patients,
    upcoming_expiries: upcoming,
    platform: totals,
    changes_since_last_visit: changes,
  }
}

/**
 * Patients whose Medicare data was pulled since the user last opened the dashboard (on any device). A first
 * visit has nothing to compare with: since is null and nothing is listed.
 */
async function changesSinceLastVisit(ctx: AppContext, principal: Principal, now: Date) {
  const since = await lastDashboardVisit(ctx.db, principal.userId)
  if (!since) return { since: null, count: 0, patients: [] }
  return {
    since: since.toISOString(),
    ...(await patientsChangedSince(ctx.db, principal, now, since, CHANGED_PATIENTS_SHOWN)),
  }
}

/** The dashboard was seen: the next visit's 'changed since' starts from now. */
export async function markDashboardVisited(ctx: AppContext, principal: Principal) {
  const at = ctx.clock()
  await recordDashboardVisit(ctx.db, principal.userId, at)
  return { visited_at: at.toISOString() }
}
