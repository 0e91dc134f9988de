import { useEffect } from 'react'
import { Navigate, Outlet, useSearchParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Spinner } from '@/components/ui/spinner.tsx'
import { fullPageNavigate } from '@/lib/navigation.ts'
import { useSession } from '@/lib/session.ts'
import { postLoginTarget } from './post-login-target.ts'

function DocumentRedirect({ to }: { to: string }) {
  useEffect(() => fullPageNavigate(to), [to])
  return <Spinner label="Redirecting…" />
}

/** Guests only (login, forgot password): a signed-in user goes to `next` or the role home. */
export function GuestOnly() {
  const { status, home } = useSession()
  const [searchParams] = useSearchParams()
  if (status === 'restoring') return <Spinner label="Restoring your session…" />
  if (status === 'authenticated') {
    const target = postLoginTarget(searchParams.get('next'), home ?? paths.dashboard)
    if (target.kind === 'document') return <DocumentRedirect to={target.to} />
    return <Navigate to={target.to} replace />
  }
  return <Outlet />
}
