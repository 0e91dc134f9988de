// /app/profile: who the signed-in user is (initials, name, email, role, since when, address) and the form
// to correct it, with quick links to account settings and, for administrators and ACO users, invitations.
import { ACCOUNT_MESSAGES, type Profile } from '@blueconsent/contract/account'
import { FEEDBACK_DISMISS_MS } from '@blueconsent/contract/constants'
import { US_STATES } from '@blueconsent/contract/shared'
import { useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { roleLabel, userInitials } from '@/lib/user-display.ts'
import { useMyProfile } from '../api/account-api.ts'
import { DISCARDED_NOTICE_MS, NoticeAlert, ProfileEditForm } from '../components/profile-edit-form.tsx'
import { useTimedNotice } from '@/hooks/use-timed-notice.ts'
import { accountCreatedText, profileDashboardPath, showsInvitationsLink } from '../profile-form-model.ts'

export function ProfilePage() {
  const profile = useMyProfile()
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Profile</h1>
        <Link className="btn btn-outline" to={profileDashboardPath(profile.data?.role)}>
          Back to Dashboard
        </Link>
      </div>
      {profile.isPending ? <Spinner label="Loading your profile…" /> : null}
      {profile.isError ? (
        <Alert
          type="error"
          action={
            <button type="button" className="btn btn-sm" onClick={() => void profile.refetch()}>
              Retry
            </button>
          }
        >
          {ACCOUNT_MESSAGES.profileFetchFailed}
        </Alert>
      ) : null}
      {profile.data ? <ProfileContent profile={profile.data} /> : null}
    </div>
  )
}

function ProfileContent({ profile }: { profile: Profile }) {
  const [editing, setEditing] = useState(false)
  const [notice, showNotice] = useTimedNotice()
  const name = profile.full_name.trim() || profile.email
  const discard = () => {
    setEditing(false)
    showNotice({ type: 'info', message: ACCOUNT_MESSAGES.changesDiscarded }, DISCARDED_NOTICE_MS)
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <section className="card bg-base-100 shadow" aria-labelledby="profile-widget-name">
        <div className="card-body gap-6">
          <div className="flex flex-wrap items-center gap-4">
            <span
              className="flex h-16 w-16 items-center justify-center rounded-full bg-neutral text-xl font-semibold text-neutral-content"
              aria-hidden="true"
            >
              {userInitials(profile)}
            </span>
            <div className="min-w-0 flex-1">
              <h2 id="profile-widget-name" className="text-xl font-semibold">
                {name}
              </h2>
              <p className="[overflow-wrap:anywhere]">{profile.email}</p>
              <p className="text-sm">{roleLabel(profile.role)}</p>
            </div>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              aria-expanded={editing}
              onClick={() => (editing ? discard() : setEditing(true))}
            >
              {editing ? 'Cancel' : 'Edit Profile'}
            </button>
          </div>
          <div aria-live="polite">{notice ? <NoticeAlert notice={notice} /> : null}</div>
          {editing ? (
            <ProfileEditForm
              profile={profile}
              onDone={(message) => {
                setEditing(false)
                showNotice({ type: 'success', message }, FEEDBACK_DISMISS_MS.profileFormBanner)
              }}
              onDiscarded={discard}
            />
          ) : (
            <ProfileDetails profile={profile} />
          )}
        </div>
      </section>
      <nav className="card bg-base-100 shadow" aria-label="Quick links">
        <div className="card-body">
          <h2 className="card-title">Quick links</h2>
          <ul className="menu p-0">
            <li>
              <Link to="/app/account">Account Settings</Link>
            </li>
            {showsInvitationsLink(profile.role) ? (
              <li>
                <Link to="/app/invitations">Invitations</Link>
              </li>
            ) : null}
          </ul>
        </div>
      </nav>
    </div>
  )
}

const stateName = (code: string): string => US_STATES.find((state) => state.code === code)?.name ?? code

function ProfileDetails({ profile }: { profile: Profile }) {
  const { address } = profile
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div>
        <dt className="text-sm font-semibold">Full Name</dt>
        <dd>{profile.full_name.trim() || '—'}</dd>
      </div>
      <div>
        <dt className="text-sm font-semibold">Email Address</dt>
        <dd className="[overflow-wrap:anywhere]">{profile.email}</dd>
      </div>
      <div>
        <dt className="text-sm font-semibold">Role</dt>
        <dd>{roleLabel(profile.role)}</dd>
      </div>
      <div>
        <dt className="text-sm font-semibold">Account Created</dt>
        <dd>{accountCreatedText(profile.date_joined)}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-sm font-semibold">Address</dt>
        <dd>
          {address ? (
            <address className="not-italic">
              {address.street_address}
              <br />
              {address.city}, <abbr title={stateName(address.state)}>{address.state}</abbr> {address.zip_code}
              {address.phone_number ? (
                <>
                  <br />
                  Phone: {address.phone_number}
                </>
              ) : null}
            </address>
          ) : (
            'No address on file yet. Choose Edit Profile to add one.'
          )}
        </dd>
      </div>
    </dl>
  )
}
