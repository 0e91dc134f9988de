// Layouts composed from the shell feature and the session (features never import each other; app/ joins them).
import { Outlet } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { AppLayout, BareLayout } from '../../features/shell/components/app-layout.tsx'
import { useSession } from '../../lib/session.ts'
import { QueryProvider } from './query-provider.tsx'

/** Signed-in pages (RequireAuth sits above this route). */
export function ShellRoute() {
  const { user } = useSession()
  if (!user) return null
  return (
    <QueryProvider>
      <AppLayout user={user}>
        <Outlet />
      </AppLayout>
    </QueryProvider>
  )
}

/** Pages open to everyone (404): the shell when signed in, the bare frame otherwise. */
export function MaybeShellRoute() {
  const { status, user } = useSession()
  if (status === 'restoring') return <Spinner label="Restoring your session…" />
  return (
    <QueryProvider>
      {status === 'authenticated' && user ? (
        <AppLayout user={user}>
          <Outlet />
        </AppLayout>
      ) : (
        <BareLayout>
          <Outlet />
        </BareLayout>
      )}
    </QueryProvider>
  )
}
