import { LOGGED_OUT_MESSAGE } from '@blueconsent/contract/auth'
import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { feedback } from '@/lib/feedback.ts'
import { session, useSession } from '@/lib/session.ts'

/** /app/logout: confirm with the current account shown; Sign Out ends the session, Cancel goes back. */
export function LogoutPage() {
  const { user } = useSession()
  const [signingOut, setSigningOut] = useState(false)

  async function handleSignOut() {
    setSigningOut(true)
    await session.logout()
    feedback.success(LOGGED_OUT_MESSAGE)
  }

  return (
    <div className="mx-auto w-full max-w-md">
      <div className="card bg-base-100 shadow">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold">Sign Out</h1>
          <p>Are you sure you want to sign out?</p>
          {user ? (
            <p>
              Signed in as <strong>{user.full_name || user.email}</strong>
              {user.full_name ? <span> ({user.email})</span> : null}
            </p>
          ) : null}
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void handleSignOut()}
              disabled={signingOut}
            >
              {signingOut ? 'Signing out…' : 'Sign Out'}
            </button>
            <Link className="btn btn-outline" to={paths.dashboard}>
              Cancel
            </Link>
          </div>
        </div>
      </div>
    </div>
  )
}
