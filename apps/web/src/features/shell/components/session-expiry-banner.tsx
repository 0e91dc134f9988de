import { Alert } from '@/components/ui/alert.tsx'
import { session, useSession } from '@/lib/session.ts'

export const SESSION_EXPIRING_MESSAGE = 'Your session will expire in less than a minute.'

/** Shown while the session's expiring-soon signal is up (under 60 s left). */
export function SessionExpiryBanner() {
  const { expiringSoon } = useSession()
  if (!expiringSoon) return null
  return (
    <Alert
      type="warning"
      action={
        <button type="button" className="btn btn-sm" onClick={() => void session.refresh()}>
          Stay signed in
        </button>
      }
    >
      {SESSION_EXPIRING_MESSAGE}
    </Alert>
  )
}
