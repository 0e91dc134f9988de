// A question that must be answered before something with consequences happens: what follows is said in the
// body, Cancel leaves everything as it was, and the confirm button names the action.
import type { ReactNode } from 'react'
import { Alert } from './alert.tsx'
import { ModalDialog } from './modal-dialog.tsx'

type ConfirmDialogProps = {
  title: string
  /** What follows from confirming, and any fields the action needs. */
  children: ReactNode
  confirmLabel: string
  /** Shown on the confirm button while the action runs (the button stays disabled meanwhile). */
  busyLabel?: string
  busy?: boolean
  /** 'danger' for what takes something away (deactivate, delete, revoke). */
  tone?: 'primary' | 'danger'
  /** Why the last attempt failed, said inside the dialog so the user can try again or cancel. */
  failure?: string | null
  onConfirm: () => void
  onCancel: () => void
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  tone = 'primary',
  failure,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <ModalDialog title={title} onClose={onCancel}>
      <div className="flex flex-col gap-3">
        {children}
        {failure ? <Alert type="error">{failure}</Alert> : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
            disabled={busy}
            onClick={onConfirm}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  )
}
