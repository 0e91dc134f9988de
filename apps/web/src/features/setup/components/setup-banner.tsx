// The shell's reminder while the organisation's setup is unfinished, for whoever can
// finish it; the server refuses new authorization requests until then.
import type { User } from '@blueconsent/contract/auth'
import { SETUP_MESSAGES } from '@blueconsent/contract/setup'
import { isAdminRole } from '@blueconsent/contract/shared'
import { Link, useLocation } from 'react-router'
import { useSession } from '@/lib/session.ts'
import { useSetupProgress } from '../api/setup-api.ts'

/** Who runs the wizard: an organisation's administrators, or an individual account's user. */
export const canRunSetup = (user: User | null): boolean =>
  Boolean(
    user?.organization && (isAdminRole(user.role) || user.organization.organization_type === 'INDIVIDUAL'),
  )

export function SetupBanner() {
  const { user } = useSession()
  const { pathname } = useLocation()
  const canSetUp = canRunSetup(user)
  const progress = useSetupProgress(canSetUp)
  if (!canSetUp || !progress.data || progress.data.completed || pathname === '/app/setup') return null
  return (
    <div role="status" className="alert alert-warning flex flex-wrap justify-between">
      <p>{SETUP_MESSAGES.banner}</p>
      <Link className="btn btn-sm" to="/app/setup">
        {SETUP_MESSAGES.resume}
      </Link>
    </div>
  )
}
