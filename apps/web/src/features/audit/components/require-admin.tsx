// Guard of the audit page: the roles the contract gives 'audit.view' (the admin roles); anyone else goes to
// /app/unauthorized. The server checks the permission again.
import { Navigate, Outlet } from 'react-router'
import { paths } from '@/app/paths.ts'
import { userHasPermission } from '@/lib/permissions.ts'
import { useSession } from '@/lib/session.ts'

export function RequireAdmin() {
  const { user } = useSession()
  if (!user) return <Navigate to={paths.login} replace />
  if (!userHasPermission(user, 'audit.view')) return <Navigate to={paths.unauthorized} replace />
  return <Outlet />
}
