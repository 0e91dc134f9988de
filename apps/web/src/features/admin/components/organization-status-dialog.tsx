// Deactivate or reactivate an organisation (platform administrators only): says what follows, takes an
// optional reason for the audit log, and reports how it went.
import { ADMIN_MESSAGES, type AdminOrganization } from '@blueconsent/contract/admin'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { TextAreaField } from '@/components/ui/text-area-field.tsx'
import { actionErrorMessage } from '../admin-model.ts'
import { useOrganizationChange } from '../api/admin-api.ts'

type Props = {
  organization: AdminOrganization
  onDone: (message: string) => void
  onClose: () => void
}

const CONSEQUENCES = {
  deactivate:
    'Its members are signed out at once and cannot sign in; apps they authorized stop working. Messages, reminders and Medicare pulls for its patients are held, and its consent links show patients that the request is not available.',
  reactivate:
    'Its members can sign in again. Held messages that are still valid are sent, and held Medicare pulls run.',
} as const

export function OrganizationStatusDialog({ organization, onDone, onClose }: Props) {
  const change = useOrganizationChange()
  const [reason, setReason] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const deactivate = organization.is_active
  const verb = deactivate ? 'Deactivate' : 'Reactivate'

  async function confirm() {
    setFailure(null)
    try {
      const trimmed = reason.trim()
      await change.mutateAsync({
        kind: 'update',
        id: organization.id,
        body: { is_active: !deactivate, ...(trimmed ? { reason: trimmed } : {}) },
      })
      onDone(
        `${organization.name}: ${deactivate ? ADMIN_MESSAGES.organizationDeactivated : ADMIN_MESSAGES.organizationReactivated}`,
      )
    } catch (error) {
      setFailure(
        actionErrorMessage(
          error,
          `The organization could not be ${deactivate ? 'deactivated' : 'reactivated'}.`,
        ),
      )
    }
  }

  return (
    <ConfirmDialog
      title={`${verb} ${organization.name}?`}
      confirmLabel={`${verb} organization`}
      busyLabel="Saving…"
      busy={change.isPending}
      tone={deactivate ? 'danger' : 'primary'}
      failure={failure}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>{deactivate ? CONSEQUENCES.deactivate : CONSEQUENCES.reactivate}</p>
      <TextAreaField
        label="Reason (optional)"
        hint="Kept in the audit log with the change."
        value={reason}
        maxLength={500}
        rows={3}
        onChange={(event) => setReason(event.target.value)}
      />
    </ConfirmDialog>
  )
}
