import { roleHome } from '@blueconsent/contract/shared'
import { Navigate, Outlet, useLocation } from 'react-router'
import { loginWithNext, paths } from '@/app/paths.ts'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useSession } from '@/lib/session.ts'
import { canAccess, type AccessRule } from './access.ts'

const RestoringSession = () => <Spinner label="Restoring your session…" />

/** Signed-in users only; others go to login with `next` set to where they were going. */
export function RequireAuth() {
  const { status } = useSession()
  const location = useLocation()
  if (status === 'restoring') return <RestoringSession />
  if (status === 'anonymous') {
    const target =
      location.pathname === paths.logout
        ? paths.login
        : loginWithNext(`${location.pathname}${location.search}`)
    return <Navigate to={target} replace />
  }
  return <Outlet />
}

/**
 * Role, admin and organisation-type checks. Failing users go to /app/unauthorized, or with
 * fallback="home" to their role's home page.
 */
export function RequireAccess({
  fallback = 'unauthorized',
  ...rule
}: AccessRule & { fallback?: 'unauthorized' | 'home' }) {
  const { user } = useSession()
  if (!user) return <Navigate to={paths.login} replace />
  if (canAccess(user, rule)) return <Outlet />
  return <Navigate to={fallback === 'home' ? roleHome(user.role) : paths.unauthorized} replace />
}
