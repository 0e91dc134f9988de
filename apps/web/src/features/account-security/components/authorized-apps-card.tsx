// The third-party apps the user allowed into their account: which app, whose, what it may do, when it was
// allowed and last used. Revoke ends the app's access and refresh tokens on its next request.
import type { AuthorizedApp } from '@blueconsent/contract/integrations'
import { useState } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useAuthorizedApps, useRevokeAuthorizedApp } from '../api/security-api.ts'
import { formatDateTime } from '@/lib/format.ts'

const SCOPE_WORDS: Record<string, string> = { read: 'Read', write: 'Write' }

export function AuthorizedAppsCard() {
  const apps = useAuthorizedApps()
  const revoke = useRevokeAuthorizedApp()
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null)

  async function revokeApp(app: AuthorizedApp) {
    setNotice(null)
    try {
      await revoke.mutateAsync(app.grant_id)
      setNotice({ type: 'success', text: `${app.app_name} can no longer access your account.` })
    } catch {
      setNotice({ type: 'error', text: 'The app could not be revoked. Try again.' })
    }
  }

  return (
    <section aria-labelledby="authorized-apps-heading" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <h2 id="authorized-apps-heading" className="card-title">
          Authorized apps
        </h2>
        <p>Apps you allowed to access your account. Revoke any you no longer use.</p>
        <div role="status" aria-live="polite">
          {notice ? <Alert type={notice.type}>{notice.text}</Alert> : null}
        </div>
        {apps.isPending ? <Spinner label="Loading apps…" /> : null}
        {apps.isError ? <Alert type="error">The apps could not be loaded.</Alert> : null}
        {apps.data && apps.data.results.length === 0 ? <p>You have not authorized any apps.</p> : null}
        {apps.data && apps.data.results.length > 0 ? (
          <ul className="flex flex-col divide-y divide-base-300" aria-label="Authorized apps">
            {apps.data.results.map((app) => (
              <li key={app.grant_id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-medium">
                    {app.app_name} <span className="font-normal">· {app.organization_name}</span>
                  </p>
                  <p className="text-sm">
                    Can: {app.scopes.map((scope) => SCOPE_WORDS[scope] ?? scope).join(', ')} · Authorized{' '}
                    {formatDateTime(app.authorized_at)} · Last used {formatDateTime(app.last_used_at)}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-outline btn-xs"
                  aria-label={`Revoke ${app.app_name}`}
                  disabled={revoke.isPending}
                  onClick={() => void revokeApp(app)}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  )
}
