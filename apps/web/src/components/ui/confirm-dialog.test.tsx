import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './confirm-dialog.tsx'

function renderDialog(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn()
  const onCancel = vi.fn()
  render(
    <ConfirmDialog
      title="Deactivate TIN"
      confirmLabel="Deactivate"
      tone="danger"
      onConfirm={onConfirm}
      onCancel={onCancel}
      {...props}
    >
      <p>Staff limited to it lose access at once.</p>
    </ConfirmDialog>,
  )
  return { onConfirm, onCancel }
}

describe('ConfirmDialog', () => {
  it('is a modal dialog named by its title that says what follows', () => {
    renderDialog()
    const dialog = screen.getByRole('dialog', { name: 'Deactivate TIN' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveTextContent('Staff limited to it lose access at once.')
    expect(screen.getByRole('button', { name: 'Deactivate' })).toHaveClass('btn-error')
  })

  it('confirms with the named button and cancels with Cancel or Escape', async () => {
    const { onConfirm, onCancel } = renderDialog()
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await userEvent.keyboard('{Escape}')
    expect(onCancel).toHaveBeenCalledTimes(2)
  })

  it('moves focus into the dialog and can be answered from the keyboard', async () => {
    const { onCancel } = renderDialog()
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('disables the confirm button while busy and says why the last attempt failed', () => {
    renderDialog({ busy: true, busyLabel: 'Saving…', failure: 'The TIN could not be deactivated.' })
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled()
    expect(screen.getByRole('alert')).toHaveTextContent('The TIN could not be deactivated.')
  })
})
