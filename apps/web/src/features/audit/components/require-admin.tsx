// Guard of the audit page: admin roles only; the server checks 'audit.view' again.
import { isAdminRole } from '@blueconsent/contract'
import { Navigate, Outlet } from 'react-router'
import { paths } from '../../../app/paths.ts'
import { useSession } from '../../../lib/session.ts'

export function RequireAdmin() {
  const { user } = useSession()
  if (!user) return <Navigate to={paths.login} replace />
  if (!isAdminRole(user.role)) return <Navigate to={paths.unauthorized} replace />
  return <Outlet />
}
