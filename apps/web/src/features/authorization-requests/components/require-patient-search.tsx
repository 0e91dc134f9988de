// Guard of the authorization pages: signed in (RequireAuth sits above) with the 'patient-search' feature
// (ACO, physician and agent roles, each in its kind of organisation); anyone else goes to /app/unauthorized.
import { hasFeature } from '@blueconsent/contract/shared'
import { Navigate, Outlet } from 'react-router'
import { paths } from '@/app/paths.ts'
import { useSession } from '@/lib/session.ts'

export function RequirePatientSearch() {
  const { user } = useSession()
  if (!user) return <Navigate to={paths.login} replace />
  if (!hasFeature(user.role, 'patient-search')) return <Navigate to={paths.unauthorized} replace />
  return <Outlet />
}
