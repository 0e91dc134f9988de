// Guard of the patient pages (spec 2 §2): allowed when the user passes any of the ACO, physician or agent
// guards; anyone else goes to /app/unauthorized. The server scopes every read regardless.
import { isAgentRole, isProviderRole } from '@blueconsent/contract'
import { Navigate, Outlet } from 'react-router'
import { paths } from '../../../app/paths.ts'
import { useSession } from '../../../lib/session.ts'

export function RequirePatientAccess() {
  const { user } = useSession()
  if (!user) return <Navigate to={paths.login} replace />
  if (!isProviderRole(user.role) && !isAgentRole(user.role)) return <Navigate to={paths.unauthorized} replace />
  return <Outlet />
}
