// The account's active sessions: each signed-in browser with where and when it was last used, sign out one,
// or every other one at once.
import { TWO_FACTOR_MESSAGES, type ActiveSession } from '@blueconsent/contract/two-factor'
import { useState } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useSessions, useSignOutOtherSessions, useSignOutSession } from '../api/security-api.ts'
import { formatDateTime } from '@/lib/format.ts'

export function SessionsCard() {
  const sessions = useSessions()
  const signOutOthers = useSignOutOtherSessions()
  const signOutOne = useSignOutSession()
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null)
  const others = (sessions.data?.results ?? []).filter((session) => !session.current)

  async function run(action: () => Promise<unknown>, success: string) {
    setNotice(null)
    try {
      await action()
      setNotice({ type: 'success', text: success })
    } catch {
      setNotice({ type: 'error', text: TWO_FACTOR_MESSAGES.actionFailed })
    }
  }

  return (
    <section aria-labelledby="sessions-heading" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="sessions-heading" className="card-title">
            Active sessions
          </h2>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={others.length === 0 || signOutOthers.isPending}
            onClick={() =>
              void run(() => signOutOthers.mutateAsync(), TWO_FACTOR_MESSAGES.otherSessionsSignedOut)
            }
          >
            Sign out other sessions
          </button>
        </div>
        <p>Browsers signed in to your account. Sign out any you do not recognise and change your password.</p>
        <div role="status" aria-live="polite">
          {notice ? <Alert type={notice.type}>{notice.text}</Alert> : null}
        </div>
        {sessions.isPending ? <Spinner label="Loading sessions…" /> : null}
        {sessions.isError ? <Alert type="error">{TWO_FACTOR_MESSAGES.sessionsLoadFailed}</Alert> : null}
        {sessions.data ? (
          <ul className="flex flex-col divide-y divide-base-300" aria-label="Sessions">
            {sessions.data.results.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                busy={signOutOne.isPending}
                onSignOut={() =>
                  void run(() => signOutOne.mutateAsync(session.id), TWO_FACTOR_MESSAGES.sessionSignedOut)
                }
              />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  )
}

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: ActiveSession
  busy: boolean
  onSignOut: () => void
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div>
        <p className="font-medium">
          {session.device}{' '}
          {session.current ? <span className="badge badge-success badge-sm">This device</span> : null}
        </p>
        <p className="text-sm">
          {session.ip_address ? `${session.ip_address} · ` : ''}Last active{' '}
          {formatDateTime(session.last_used_at)}
          {' · '}Signed in {formatDateTime(session.created_at)}
        </p>
      </div>
      {session.current ? null : (
        <button
          type="button"
          className="btn btn-outline btn-xs"
          aria-label={`Sign out ${session.device}, last active ${formatDateTime(session.last_used_at)}`}
          disabled={busy}
          onClick={onSignOut}
        >
          Sign out
        </button>
      )}
    </li>
  )
}
