// A team's members on its seats, for its administrator: add a member (a seat is charged first if every
// seat is taken, then the invitation is emailed), resend a pending invitation, remove a member (their seat
// is freed and they are signed out).
import {
  BILLING_MESSAGES,
  TEAM_MEMBER_ROLE_LABELS,
  teamMemberRolesFor,
  teamInvitationCreateSchema,
  type BillingAccount,
  type TeamMember,
} from '@blueconsent/contract/billing'
import { useState, type FormEvent } from 'react'
import { SelectField } from '@/components/ui/select-field.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { ModalDialog } from '@/components/ui/modal-dialog.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { zodFieldErrors } from '@/lib/form-errors.ts'
import { useSession } from '@/lib/session.ts'
import {
  inviteTeamMember,
  removeTeamMember,
  resendTeamInvitation,
  useRefreshBilling,
} from '../api/billing-api.ts'
import { formatBillingDate } from './billing-format.ts'
import { failureText } from './failure-text.ts'

const memberName = (member: TeamMember) =>
  `${member.user.first_name} ${member.user.last_name}`.trim() || member.user.email

export function TeamMembers({ account }: { account: BillingAccount }) {
  const { user } = useSession()
  const refresh = useRefreshBilling()
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<TeamMember | null>(null)
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null)
  const active = (account.team_members ?? []).filter((member) => member.is_active)

  async function remove(member: TeamMember) {
    try {
      await removeTeamMember(member.user.id)
      setNotice({ type: 'success', text: `${memberName(member)} was removed and their seat freed.` })
      await refresh()
    } catch (error) {
      setNotice({ type: 'error', text: failureText(error, BILLING_MESSAGES.removeMemberFailed) })
    }
    setRemoving(null)
  }

  async function resend(id: string) {
    try {
      await resendTeamInvitation(id)
      setNotice({ type: 'success', text: 'Invitation resent successfully' })
    } catch (error) {
      setNotice({ type: 'error', text: failureText(error, BILLING_MESSAGES.inviteFailed) })
    }
  }

  return (
    <section className="card bg-base-100 shadow" aria-labelledby="team-members-title">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="team-members-title" className="card-title">
            Team members
          </h2>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setAdding(true)}>
            Add Member
          </button>
        </div>
        <p className="text-sm">
          {account.seats_active} of {account.seats_total} seats in use.
        </p>
        <div aria-live="polite">{notice ? <Alert type={notice.type}>{notice.text}</Alert> : null}</div>
        <ul className="flex flex-col gap-2">
          {active.map((member) => (
            <li
              key={member.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3"
            >
              <span>
                <span className="font-medium">{memberName(member)}</span>
                <br />
                <span className="text-sm [overflow-wrap:anywhere]">{member.user.email}</span>
              </span>
              {member.user.id !== user?.id ? (
                <button
                  type="button"
                  className="btn btn-xs btn-outline btn-error"
                  aria-label={`Remove ${memberName(member)}`}
                  onClick={() => setRemoving(member)}
                >
                  Remove
                </button>
              ) : (
                <span className="badge badge-ghost">You</span>
              )}
            </li>
          ))}
        </ul>
        {account.pending_invitations.length > 0 ? (
          <>
            <h3 className="font-semibold">Pending invitations</h3>
            <ul className="flex flex-col gap-2">
              {account.pending_invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="[overflow-wrap:anywhere]">
                    {invitation.email} · expires {formatBillingDate(invitation.expires_at)}
                  </span>
                  <button
                    type="button"
                    className="btn btn-xs btn-outline"
                    aria-label={`Resend invitation to ${invitation.email}`}
                    onClick={() => void resend(invitation.id)}
                  >
                    Resend
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {adding ? (
        <AddMemberDialog
          freeSeat={account.seats_active + account.pending_invitations.length < account.seats_total}
          onClose={() => setAdding(false)}
          onInvited={async (email) => {
            setAdding(false)
            setNotice({ type: 'success', text: `Invitation sent to ${email}` })
            await refresh()
          }}
        />
      ) : null}
      {removing ? (
        <ModalDialog title={`Remove ${memberName(removing)}?`} onClose={() => setRemoving(null)}>
          <p>
            They will be signed out at once and can no longer sign in. Their seat is freed and credited on
            your next invoice.
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className="btn btn-ghost" onClick={() => setRemoving(null)}>
              Keep Member
            </button>
            <button type="button" className="btn btn-error" onClick={() => void remove(removing)}>
              Remove Member
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  )
}

function AddMemberDialog({
  freeSeat,
  onClose,
  onInvited,
}: {
  freeSeat: boolean
  onClose: () => void
  onInvited: (email: string) => Promise<void>
}) {
  const { user } = useSession()
  // Only the roles the organisation can hold; with one, it is chosen already.
  const roles = teamMemberRolesFor(user?.organization?.organization_type)
  const [values, setValues] = useState({ email: '', role: roles.length === 1 ? (roles[0] ?? '') : '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = teamInvitationCreateSchema.safeParse(values)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setBusy(true)
    try {
      await inviteTeamMember(parsed.data.email, parsed.data.role)
      await onInvited(parsed.data.email)
    } catch (failure) {
      setError(failureText(failure, BILLING_MESSAGES.inviteFailed))
      setBusy(false)
    }
  }

  return (
    <ModalDialog title="Add Member" onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        {error ? <Alert type="error">{error}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          value={values.email}
          error={errors.email}
          onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
        />
        <SelectField
          label="Role"
          className="w-full"
          value={values.role}
          error={errors.role}
          options={[
            { value: '', label: 'Choose a role' },
            ...roles.map((role) => ({ value: role, label: TEAM_MEMBER_ROLE_LABELS[role] })),
          ]}
          onChange={(event) => setValues((current) => ({ ...current, role: event.target.value }))}
        />
        <p className="text-sm">
          {freeSeat
            ? 'A free seat is waiting: no charge now.'
            : 'Every seat is taken: a seat is added and charged now, prorated to the end of this billing period.'}
        </p>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send Invitation'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
