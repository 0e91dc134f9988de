// /app/invitations (and the Team link's /app/invitation): the team on one page. The organisation's
// invitations, with resend and revoke for those not yet accepted, the single and bulk invitation forms, and
// its members (the list billing's seats count), which the app hands in from the members feature.
import { DataTable, type DataColumn } from '@/components/ui/data-table.tsx'
import {
  INVITE_ROLE_LABELS,
  INVITATION_MESSAGES,
  INVITATION_STATUS_LABELS,
  invitationStatusOf,
  type Invitation,
} from '@blueconsent/contract/invitations'
import { useCallback, useState, type ReactNode } from 'react'
import { countText } from '@blueconsent/contract/shared'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { formatReadableDate } from '@/components/patient-data/format.ts'
import { Tabs } from '@/components/ui/tabs.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useSession } from '@/lib/session.ts'
import { useInvitationAction, useInvitations } from '../api/invitations-api.ts'
import { InviteForm } from '../components/invite-form.tsx'

type Tab = 'list' | 'single' | 'bulk'

export function InvitationsPage({ members }: { members?: ReactNode }) {
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
      {members ? (
        <section aria-labelledby="team-members" className="flex flex-col gap-4">
          <h2 id="team-members" className="text-xl font-semibold">
            Members
          </h2>
          {members}
        </section>
      ) : null}
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
        <p role="status">{invitations.data ? countText(invitations.data.count, 'invitation') : ''}</p>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => void invitations.refetch()}>
          Refresh
        </button>
      </div>
      {notice ? <Alert type={notice.kind}>{notice.text}</Alert> : null}
      {invitations.isPending ? <Spinner label="Loading invitations…" /> : null}
      {invitations.isError ? <Alert type="error">{INVITATION_MESSAGES.loadFailed}</Alert> : null}
      {invitations.data?.count === 0 ? <p>No invitations yet.</p> : null}
      {invitations.data && invitations.data.count > 0 ? (
        <DataTable
          caption="Invitations"
          rows={invitations.data.results}
          rowKey={(invitation) => invitation.id}
          columns={invitationColumns(action.isPending, (kind, invitation) => void act(kind, invitation))}
          cards
        />
      ) : null}
    </div>
  )
}

type InvitationAction = (kind: 'resend' | 'revoke', invitation: Invitation) => void

function invitationColumns(busy: boolean, act: InvitationAction): DataColumn<Invitation>[] {
  return [
    {
      id: 'email',
      header: 'Email',
      card: 'title',
      className: '[overflow-wrap:anywhere]',
      cell: (invitation) => invitation.email,
    },
    { id: 'role', header: 'Role', cell: (invitation) => INVITE_ROLE_LABELS[invitation.role] },
    {
      id: 'status',
      header: 'Status',
      card: 'badge',
      cell: (invitation) => {
        const status = invitationStatusOf(invitation)
        return (
          <span className={`badge ${status === 'accepted' ? 'badge-success' : 'badge-ghost'}`}>
            {INVITATION_STATUS_LABELS[status]}
          </span>
        )
      },
    },
    { id: 'sent', header: 'Sent', cell: (invitation) => formatReadableDate(invitation.created_at) },
    {
      id: 'expires',
      header: 'Expires',
      cell: (invitation) =>
        invitationStatusOf(invitation) === 'accepted' ? '—' : formatReadableDate(invitation.expires_at),
    },
    {
      id: 'actions',
      header: 'Actions',
      card: 'actions',
      cell: (invitation) => {
        const status = invitationStatusOf(invitation)
        return (
          <div className="flex flex-wrap gap-2">
            {status === 'pending' || status === 'expired' ? (
              <button
                type="button"
                className="btn btn-xs btn-outline"
                aria-label={`Resend invitation to ${invitation.email}`}
                disabled={busy}
                onClick={() => act('resend', invitation)}
              >
                Resend
              </button>
            ) : null}
            {status === 'pending' ? (
              <button
                type="button"
                className="btn btn-xs btn-outline"
                aria-label={`Revoke invitation to ${invitation.email}`}
                disabled={busy}
                onClick={() => act('revoke', invitation)}
              >
                Revoke
              </button>
            ) : null}
          </div>
        )
      },
    },
  ]
}
