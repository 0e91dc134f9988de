// The invitations step: colleagues to invite when setup completes (a team's members; none for one person).
import { INVITE_ROLE_LABELS } from '@blueconsent/contract/invitations'
import { SETUP_MESSAGES, type SetupState } from '@blueconsent/contract/setup'
import type { Role } from '@blueconsent/contract/shared'
import { useId } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import type { StepProps } from './identity-step.tsx'

/** The one role each team kind invites from the wizard (admins add other roles later, on the Team page). */
const ROLE_FOR: Partial<Record<NonNullable<SetupState['businessType']>, Role>> = {
  ACO: 'ACO_USER',
  MEDICAL_PROVIDER_TEAM: 'PHYSICIAN_USER',
  INSURANCE_AGENCY_TEAM: 'AGENT_USER',
}

export function InvitesStep({ state, errors, change }: StepProps) {
  const invitedRole = state.businessType ? ROLE_FOR[state.businessType] : undefined
  const role = invitedRole && { value: invitedRole, label: INVITE_ROLE_LABELS[invitedRole] }
  const hintId = useId()
  if (!role) return <p>An individual account has no one to invite. Continue to finish.</p>
  const invites = state.pendingInvites
  const set = (index: number, email: string) =>
    change({
      ...state,
      pendingInvites: invites.map((invite, i) => (i === index ? { ...invite, email } : invite)),
    })
  return (
    <div className="flex flex-col gap-3">
      <p id={hintId}>
        Optional: invitations are sent as {role.label} when you finish, and expire after 48 hours.{' '}
        {SETUP_MESSAGES.notComplete}
      </p>
      {invites.map((invite, index) => (
        <div key={index} className="flex flex-wrap items-end gap-2">
          <div className="min-w-60 flex-1">
            <TextField
              label={`Email ${index + 1}`}
              type="email"
              value={invite.email}
              onChange={(e) => set(index, e.target.value)}
            />
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => change({ ...state, pendingInvites: invites.filter((_, i) => i !== index) })}
          >
            Remove email {index + 1}
          </button>
        </div>
      ))}
      {errors.clinicTIN && invites.length > 0 ? <Alert type="warning">{errors.clinicTIN}</Alert> : null}
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        aria-describedby={hintId}
        onClick={() => change({ ...state, pendingInvites: [...invites, { email: '', role: role.value }] })}
      >
        Add invitation
      </button>
    </div>
  )
}
