// Layouts composed from the shell feature and the session (features never import each other; app/ joins them).
import { useEffect } from 'react'
import { Outlet } from 'react-router'
import { Spinner } from '@/components/ui/spinner.tsx'
import { SetupBanner } from '@/features/setup/components/setup-banner.tsx'
import { AppLayout, BareLayout } from '@/features/shell/components/app-layout.tsx'
import { keepPausedChanges, restorePausedChanges } from '@/lib/offline-changes.ts'
import { queryClient } from '@/lib/query-client.ts'
import { useSession } from '@/lib/session.ts'
import { QueryProvider } from './query-provider.tsx'

/**
 * Changes a signed-in user made offline: how each kind is sent is registered first, then those a previous
 * visit could not send are put back and sent, and new ones are kept until they are.
 */
function useOfflineChanges(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return
    const stop = keepPausedChanges(queryClient, window.localStorage, userId)
    // Loaded apart so the shell does not carry the patients feature's code until it is needed.
    void import('@/features/patients/api/notes-api.ts').then(({ registerNoteChanges }) => {
      registerNoteChanges(queryClient)
      return restorePausedChanges(queryClient, window.localStorage, userId)
    })
    return stop
  }, [userId])
}

/** Signed-in pages (RequireAuth sits above this route). */
export function ShellRoute() {
  const { user } = useSession()
  useOfflineChanges(user?.id)
  if (!user) return null
  return (
    <QueryProvider>
      <AppLayout user={user} banner={<SetupBanner />}>
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
