// /app/invitations (and the Team link's /app/invitation): the organisation's invitations, with resend and
// revoke for those not yet accepted, and the single and bulk invitation forms.
import {
  INVITE_ROLE_LABELS,
  INVITATION_MESSAGES,
  INVITATION_STATUS_LABELS,
  type Invitation,
} from '@blueconsent/contract/invitations'
import { useCallback, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../app/paths.ts'
import { formatReadableDate } from '../../../components/patient-data/format.ts'
import { Tabs } from '../../../components/patient-data/tabs.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSession } from '../../../lib/session.ts'
import { useInvitationAction, useInvitations } from '../api/invitations-api.ts'
import { InviteForm } from '../components/invite-form.tsx'

type Tab = 'list' | 'single' | 'bulk'

export function InvitationsPage() {
  const { user, home } = useSession()
  const [tab, setTab] = useState<Tab>('list')
  const backToList = useCallback(() => setTab('list'), [])
  if (!user) return null
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">User Invitations</h1>
        <Link className="btn btn-outline" to={home ?? paths.dashboard}>
          Back to Dashboard
        </Link>
      </div>
      <section aria-labelledby="manage-invitations" className="flex flex-col gap-4">
        <h2 id="manage-invitations" className="text-xl font-semibold">
          Manage Invitations
        </h2>
        <Tabs
          label="Invitations"
          tabs={[
            { key: 'list', label: 'View Invitations' },
            { key: 'single', label: 'Invite User' },
            { key: 'bulk', label: 'Bulk Invite' },
          ]}
          selected={tab}
          onSelect={setTab}
        >
          {tab === 'list' ? <InvitationList /> : null}
          {tab === 'single' ? <InviteForm inviterRole={user.role} mode="single" onSent={backToList} /> : null}
          {tab === 'bulk' ? <InviteForm inviterRole={user.role} mode="bulk" onSent={backToList} /> : null}
        </Tabs>
      </section>
    </div>
  )
}

function InvitationList() {
  const invitations = useInvitations()
  const action = useInvitationAction()
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null)
  async function act(kind: 'resend' | 'revoke', invitation: Invitation) {
    setNotice(null)
    try {
      await action.mutateAsync({ kind, id: invitation.id })
      setNotice({
        kind: 'success',
        text: kind === 'resend' ? INVITATION_MESSAGES.resent : INVITATION_MESSAGES.revoked,
      })
    } catch {
      setNotice({
        kind: 'error',
        text: kind === 'resend' ? INVITATION_MESSAGES.resendFailed : INVITATION_MESSAGES.revokeFailed,
      })
    }
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <p role="status">{invitations.data ? `${invitations.data.count} invitations` : ''}</p>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => void invitations.refetch()}>
          Refresh
        </button>
      </div>
      {notice ? <Alert type={notice.kind}>{notice.text}</Alert> : null}
      {invitations.isPending ? <Spinner label="Loading invitations…" /> : null}
      {invitations.isError ? <Alert type="error">{INVITATION_MESSAGES.loadFailed}</Alert> : null}
      {invitations.data?.count === 0 ? <p>No invitations yet.</p> : null}
      {invitations.data && invitations.data.count > 0 ? (
        <div className="overflow-x-auto">
          <table className="table">
            <caption className="sr-only">Invitations</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Sent</th>
                <th scope="col">Expires</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {invitations.data.results.map((invitation) => (
                <tr key={invitation.id}>
                  <td className="[overflow-wrap:anywhere]">{invitation.email}</td>
                  <td>{INVITE_ROLE_LABELS[invitation.role]}</td>
                  <td>
                    <span
                      className={`badge ${invitation.status === 'accepted' ? 'badge-success' : 'badge-ghost'}`}
                    >
                      {INVITATION_STATUS_LABELS[invitation.status]}
                    </span>
                  </td>
                  <td>{formatReadableDate(invitation.created_at)}</td>
                  <td>
                    {invitation.status === 'accepted' ? '—' : formatReadableDate(invitation.expires_at)}
                  </td>
                  <td className="flex flex-wrap gap-2">
                    {invitation.status === 'pending' || invitation.status === 'expired' ? (
                      <button
                        type="button"
                        className="btn btn-xs btn-outline"
                        aria-label={`Resend invitation to ${invitation.email}`}
                        disabled={action.isPending}
                        onClick={() => void act('resend', invitation)}
                      >
                        Resend
                      </button>
                    ) : null}
                    {invitation.status === 'pending' ? (
                      <button
                        type="button"
                        className="btn btn-xs btn-outline"
                        aria-label={`Revoke invitation to ${invitation.email}`}
                        disabled={action.isPending}
                        onClick={() => void act('revoke', invitation)}
                      >
                        Revoke
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  )
}
