// What each role's dashboard shows: an organisation's staff their patients and requests (scoped like every
// other read), an agent their clients and when each authorization ends, the platform administrator the
// platform's totals (no patient figures: they hold no patient scope).
import type { Dashboard } from '@blueconsent/contract/dashboard'
import { isAgentRole } from '@blueconsent/contract/shared'
import type { AppContext } from '../../context.ts'
import type { Principal } from '../../plugins/access.ts'
import { requestFigures, upcomingExpiries } from '../authorization-requests/index.ts'
import { patientFigures } from '../patients/index.ts'
import { platformCounts } from './dashboard.repository.ts'

export async function dashboardFor(ctx: AppContext, principal: Principal): Promise<Dashboard> {
  const now = ctx.clock()
  const platform = principal.role === 'ADMIN' && principal.organizationId === null
  const [requests, patients, upcoming, totals] = await Promise.all([
    requestFigures(ctx.db, principal, now),
    platform ? Promise.resolve(null) : patientFigures(ctx.db, principal, now),
    isAgentRole(principal.role) ? upcomingExpiries(ctx.db, principal, now) : Promise.resolve([]),
    platform ? platformCounts(ctx.db) : Promise.resolve(null),
  ])
  return {
    kind: platform ? 'platform' : isAgentRole(principal.role) ? 'agent' : 'organization',
    generated_at: now.toISOString(),
    requests,
    patients,
    upcoming_expiries: upcoming,
    platform: totals,
  }
}
