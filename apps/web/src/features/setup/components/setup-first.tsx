// The dashboard of an organisation that is not set up yet would show only zeros and could send nothing, so
// whoever runs the wizard is taken there instead — after sign-up, after verifying the address, after any
// sign-in — until the setup is complete. Everyone else, and a finished organisation, sees the dashboard.
import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useSession } from '@/lib/session.ts'
import { useSetupProgress } from '../api/setup-api.ts'
import { canRunSetup } from './setup-banner.tsx'

export function SetupFirst({ children }: { children: ReactNode }) {
  const { user } = useSession()
  const canSetUp = canRunSetup(user)
  const progress = useSetupProgress(canSetUp)
  if (!canSetUp) return children
  if (progress.isPending) return <Spinner label="Loading…" />
  // Progress that cannot be read leaves the dashboard as it is; the banner offers the wizard again.
  if (progress.data && !progress.data.completed) return <Navigate to={paths.setup} replace />
  return children
}
