// Guard of the patient pages: allowed when the user passes any of the ACO, physician or agent
// guards, each a role family plus its organisation type (ACO roles in an
// ACO, physician roles in a physician group or FQHC, agent roles in an insurance agency); anyone else goes to
// /app/unauthorized. The server scopes every read regardless.
// The rule itself lives in lib/permissions.ts, shared with the shell's Patients link.
import { Navigate, Outlet } from 'react-router'
import { paths } from '@/app/paths.ts'
import { passesPatientGuards } from '@/lib/permissions.ts'
import { useSession } from '@/lib/session.ts'

export { passesPatientGuards }

export function RequirePatientAccess() {
  const { user } = useSession()
  if (!user) return <Navigate to={paths.login} replace />
  if (!passesPatientGuards(user)) return <Navigate to={paths.unauthorized} replace />
  return <Outlet />
}
