// Deactivating a TIN takes its patients away from the staff limited to it at once, so it is confirmed with
// that consequence spelt out; reactivating is confirmed too, as it gives that access back.
import { TIN_MESSAGES, type Tin } from '@blueconsent/contract/tins'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { useTinChange } from '../api/tins-api.ts'

type TinStatusDialogProps = {
  orgId: string
  tin: Tin
  onDone: (message: string) => void
  onClose: () => void
}

export function TinStatusDialog({ orgId, tin, onDone, onClose }: TinStatusDialogProps) {
  const change = useTinChange(orgId)
  const [failed, setFailed] = useState(false)
  const deactivating = tin.is_active
  const label = `${tin.provider_org_name} (${tin.masked_value})`
  const patients = tin.patient_count ?? 0

  async function confirm() {
    setFailed(false)
    try {
      await change.mutateAsync({ kind: deactivating ? 'deactivate' : 'reactivate', tinId: tin.id })
      onDone(deactivating ? `TIN ${label} deactivated` : `TIN ${label} reactivated`)
    } catch {
      setFailed(true)
    }
  }

  return (
    <ConfirmDialog
      title={deactivating ? 'Deactivate TIN' : 'Reactivate TIN'}
      confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
      busy={change.isPending}
      tone={deactivating ? 'danger' : 'primary'}
      failure={failed ? (deactivating ? TIN_MESSAGES.deleteFailed : TIN_MESSAGES.reactivateFailed) : null}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      <p>
        {deactivating
          ? `Staff limited to ${label} lose access to its ${patients === 1 ? '1 patient' : `${patients} patients`} at once. Administrators keep access, and you can reactivate it later.`
          : `Staff limited to ${label} get access to its ${patients === 1 ? '1 patient' : `${patients} patients`} again.`}
      </p>
    </ConfirmDialog>
  )
}
