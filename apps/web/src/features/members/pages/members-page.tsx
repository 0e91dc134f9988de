// /app/aco/members: the ACO's people with role, TIN scope, status and last sign-in. The ACO admin changes a
// member's TINs and deactivates or reactivates them (a deactivated member is signed out at once).
import { INVITE_ROLE_LABELS, needsTinSelection } from '@blueconsent/contract/invitations'
import { MEMBER_MESSAGES, type Member } from '@blueconsent/contract/members'
import { useState } from 'react'
import { formatReadableDate } from '../../../components/patient-data/format.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { isApiError } from '../../../lib/api-error.ts'
import { useSession } from '../../../lib/session.ts'
import { useActiveTins, useMemberUpdate, useMembers } from '../api/members-api.ts'

type Dialog = { kind: 'tins' | 'status'; member: Member } | null

export function MembersPage() {
  const { user } = useSession()
  const orgId = user?.organization?.id
  if (!user || !orgId) return null
  return <Members orgId={orgId} canManage={user.role === 'ACO_ADMIN'} selfId={user.id} />
}

function Members({ orgId, canManage, selfId }: { orgId: string; canManage: boolean; selfId: string }) {
  const members = useMembers(orgId)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const done = (message: string) => {
    setDialog(null)
    setNotice(message)
  }
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">ACO Members</h1>
        <p className="mt-2">Everyone in your ACO, the TINs they work under, and when they last signed in.</p>
      </div>
      <div role="status" aria-live="polite">
        {notice ? <Alert type="success">{notice}</Alert> : null}
      </div>
      {members.isPending ? <Spinner label="Loading members…" /> : null}
      {members.isError ? <Alert type="error">{MEMBER_MESSAGES.loadFailed}</Alert> : null}
      {members.data ? (
        <div className="overflow-x-auto">
          <table className="table">
            <caption className="sr-only">Members</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">TINs</th>
                <th scope="col">Status</th>
                <th scope="col">Last sign-in</th>
                {canManage ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
              {members.data.results.map((member) => (
                <tr key={member.id}>
                  <td>
                    <span className="font-medium">{member.full_name}</span>
                    <br />
                    <span className="text-sm [overflow-wrap:anywhere]">{member.email}</span>
                  </td>
                  <td>{INVITE_ROLE_LABELS[member.role]}</td>
                  <td>{tinScopeText(member)}</td>
                  <td>
                    <span className={`badge ${member.is_active ? 'badge-success' : 'badge-ghost'}`}>
                      {member.is_active ? 'Active' : 'Deactivated'}
                    </span>
                  </td>
                  <td>{member.last_login_at ? formatReadableDate(member.last_login_at) : 'Never'}</td>
                  {canManage ? (
                    <td className="flex flex-wrap gap-2">
                      {needsTinSelection(member.role) ? (
                        <button
                          type="button"
                          className="btn btn-xs btn-outline"
                          aria-label={`Change TINs of ${member.full_name}`}
                          onClick={() => setDialog({ kind: 'tins', member })}
                        >
                          Change TINs
                        </button>
                      ) : null}
                      {member.id === selfId ? null : (
                        <button
                          type="button"
                          className="btn btn-xs btn-outline"
                          aria-label={`${member.is_active ? 'Deactivate' : 'Reactivate'} ${member.full_name}`}
                          onClick={() => setDialog({ kind: 'status', member })}
                        >
                          {member.is_active ? 'Deactivate' : 'Reactivate'}
                        </button>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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

const tinScopeText = (member: Member): string =>
  member.all_tins
    ? 'All TINs'
    : member.tins.map((tin) => `${tin.display_name} (${tin.masked_tin})`).join(', ') || 'None'

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
