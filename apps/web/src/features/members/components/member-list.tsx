// An organisation's members with role, TIN scope, status and last sign-in: the one list of who is in the team
// (a team's billing seats count exactly these). An ACO's admin changes a member's TINs and deactivates or
// reactivates them (a deactivated member is signed out at once).
import { DataTable, type DataColumn } from '@/components/ui/data-table.tsx'
import { INVITE_ROLE_LABELS, needsTinSelection } from '@blueconsent/contract/invitations'
import { MEMBER_MESSAGES, type Member } from '@blueconsent/contract/members'
import { useState, type ReactNode } from 'react'
import { formatReadableDate } from '@/components/patient-data/format.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { ModalDialog } from '@/components/ui/modal-dialog.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { useSession } from '@/lib/session.ts'
import { useActiveTins, useMemberUpdate, useMembers } from '../api/members-api.ts'

type Dialog = { kind: 'tins' | 'status'; member: Member } | null

export function MemberList({
  orgId,
  canManage,
  selfId,
}: {
  orgId: string
  canManage: boolean
  selfId: string
}) {
  const members = useMembers(orgId)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const done = (message: string) => {
    setDialog(null)
    setNotice(message)
  }
  return (
    <div className="flex flex-col gap-4">
      <div role="status" aria-live="polite">
        {notice ? <Alert type="success">{notice}</Alert> : null}
      </div>
      {members.isPending ? <Spinner label="Loading members…" /> : null}
      {members.isError ? <Alert type="error">{MEMBER_MESSAGES.loadFailed}</Alert> : null}
      {members.data ? (
        <DataTable
          caption="Members"
          rows={members.data.results}
          rowKey={(member) => member.id}
          columns={memberColumns(canManage, selfId, (kind, member) => setDialog({ kind, member }))}
          cards
        />
      ) : null}
      {dialog?.kind === 'tins' ? (
        <TinsDialog orgId={orgId} member={dialog.member} onDone={done} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'status' ? (
        <StatusDialog orgId={orgId} member={dialog.member} onDone={done} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  )
}

/** The Team page's member list: the signed-in admin's own organisation (the platform admin has none). */
export function TeamMemberList() {
  const { user } = useSession()
  const orgId = user?.organization?.id
  if (!user || !orgId) return null
  return <MemberList orgId={orgId} canManage={user.role === 'ACO_ADMIN'} selfId={user.id} />
}

function memberColumns(
  canManage: boolean,
  selfId: string,
  open: (kind: 'tins' | 'status', member: Member) => void,
): DataColumn<Member>[] {
  const columns: DataColumn<Member>[] = [
    {
      id: 'name',
      header: 'Name',
      card: 'title',
      cell: (member) => (
        <>
          <span className="font-medium">{member.full_name}</span>
          <br />
          <span className="text-sm font-normal [overflow-wrap:anywhere]">{member.email}</span>
        </>
      ),
    },
    { id: 'role', header: 'Role', cell: (member) => INVITE_ROLE_LABELS[member.role] },
    {
      id: 'tins',
      header: 'TINs',
      cell: (member) =>
        !member.all_tins && member.tins.length === 0 ? (
          <span className="badge badge-warning h-auto">{MEMBER_MESSAGES.noTins}</span>
        ) : (
          tinScopeText(member)
        ),
    },
    {
      id: 'status',
      header: 'Status',
      card: 'badge',
      cell: (member) => (
        <span className={`badge ${member.is_active ? 'badge-success' : 'badge-ghost'}`}>
          {member.is_active ? 'Active' : 'Deactivated'}
        </span>
      ),
    },
    {
      id: 'last-sign-in',
      header: 'Last sign-in',
      cell: (member) => (member.last_login_at ? formatReadableDate(member.last_login_at) : 'Never'),
    },
  ]
  if (!canManage) return columns
  return [
    ...columns,
    {
      id: 'actions',
      header: 'Actions',
      card: 'actions',
      cell: (member) => (
        <div className="flex flex-wrap gap-2">
          {needsTinSelection(member.role) ? (
            <button
              type="button"
              className="btn btn-xs btn-outline"
              aria-label={`Change TINs of ${member.full_name}`}
              onClick={() => open('tins', member)}
            >
              Change TINs
            </button>
          ) : null}
          {member.id === selfId ? null : (
            <button
              type="button"
              className="btn btn-xs btn-outline"
              aria-label={`${member.is_active ? 'Deactivate' : 'Reactivate'} ${member.full_name}`}
              onClick={() => open('status', member)}
            >
              {member.is_active ? 'Deactivate' : 'Reactivate'}
            </button>
          )}
        </div>
      ),
    },
  ]
}

/** A member's TINs as one line; each TIN (name and masked number) kept whole so none breaks mid-value. */
const tinScopeText = (member: Member): ReactNode =>
  member.all_tins
    ? 'All TINs'
    : member.tins.map((tin, index) => (
        <span key={tin.id}>
          {index > 0 ? ', ' : ''}
          {tin.display_name} <span className="whitespace-nowrap">({tin.masked_tin})</span>
        </span>
      ))

type DialogProps = { orgId: string; member: Member; onDone: (message: string) => void; onClose: () => void }

function TinsDialog({ orgId, member, onDone, onClose }: DialogProps) {
  const tins = useActiveTins(true)
  const update = useMemberUpdate(orgId)
  const [chosen, setChosen] = useState<string[]>(member.tins.map((tin) => tin.id))
  const [error, setError] = useState<string | null>(null)
  const toggle = (id: string) =>
    setChosen((current) =>
      current.includes(id) ? current.filter((value) => value !== id) : [...current, id],
    )
  async function save() {
    if (chosen.length === 0) return setError(MEMBER_MESSAGES.selectTin)
    try {
      await update.mutateAsync({ userId: member.id, change: { tin_ids: chosen } })
      onDone(`TINs of ${member.full_name} updated`)
    } catch (failure) {
      setError((isApiError(failure) && failure.fieldMessage('tin_ids')) || MEMBER_MESSAGES.updateFailed)
    }
  }
  return (
    <ModalDialog title={`TINs of ${member.full_name}`} onClose={onClose}>
      {tins.isPending ? <Spinner label="Loading TINs…" /> : null}
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">TINs this person works under</legend>
        {(tins.data?.results ?? []).map((tin) => (
          <label key={tin.id} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={chosen.includes(tin.id)}
              onChange={() => toggle(tin.id)}
            />
            {tin.display_name} ({tin.masked_tin})
          </label>
        ))}
      </fieldset>
      {error ? <Alert type="error">{error}</Alert> : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={update.isPending}
          onClick={() => void save()}
        >
          Save TINs
        </button>
      </div>
    </ModalDialog>
  )
}

function StatusDialog({ orgId, member, onDone, onClose }: DialogProps) {
  const update = useMemberUpdate(orgId)
  const [failed, setFailed] = useState(false)
  const deactivating = member.is_active
  async function confirm() {
    try {
      await update.mutateAsync({ userId: member.id, change: { is_active: !deactivating } })
      onDone(`${member.full_name} ${deactivating ? 'deactivated' : 'reactivated'}`)
    } catch {
      setFailed(true)
    }
  }
  return (
    <ModalDialog title={deactivating ? 'Deactivate member' : 'Reactivate member'} onClose={onClose}>
      <p>
        {deactivating
          ? `${member.full_name} is signed out everywhere at once and cannot sign in until reactivated.`
          : `${member.full_name} can sign in again with their own password.`}
      </p>
      {failed ? <Alert type="error">{MEMBER_MESSAGES.updateFailed}</Alert> : null}
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className={`btn ${deactivating ? 'btn-error' : 'btn-primary'}`}
          disabled={update.isPending}
          onClick={() => void confirm()}
        >
          {deactivating ? 'Deactivate' : 'Reactivate'}
        </button>
      </div>
    </ModalDialog>
  )
}
