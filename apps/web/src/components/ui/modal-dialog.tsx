// A modal dialog: labelled by its heading, focus moved into it on open and back to where it came from on
// close, Escape closes it, and the page behind is inert while it is open.
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

type ModalDialogProps = {
  title: string
  onClose: () => void
  children: ReactNode
}

export function ModalDialog({ title, onClose, children }: ModalDialogProps) {
  const headingId = useId()
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const first = panel.current?.querySelector<HTMLElement>('input, select, textarea, button')
    ;(first ?? panel.current)?.focus()
    const root = document.getElementById('root')
    root?.setAttribute('inert', '')
    return () => {
      root?.removeAttribute('inert')
      opener?.focus()
    }
  }, [])
  // Rendered beside the app's root, so making the root inert leaves the dialog usable.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
        className="card w-full max-w-lg bg-base-100 shadow-xl"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation()
            onClose()
          }
        }}
      >
        <div className="card-body gap-4">
          <h2 id={headingId} className="card-title">
            {title}
          </h2>
          {children}
        </div>
      </div>
    </div>,
    document.body,
  )
}
