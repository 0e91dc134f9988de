import type { ReactNode } from 'react'

export type AlertType = 'success' | 'error' | 'warning' | 'info'

const CLASS: Record<AlertType, string> = {
  success: 'alert-success',
  error: 'alert-error',
  warning: 'alert-warning',
  info: 'alert-info',
}

/** A daisyUI alert; errors and warnings are announced at once (role=alert), the others politely. */
export function Alert({
  type,
  children,
  action,
  id,
}: {
  type: AlertType
  children: ReactNode
  action?: ReactNode
  id?: string
}) {
  const role = type === 'error' || type === 'warning' ? 'alert' : 'status'
  return (
    <div id={id} role={role} className={`alert ${CLASS[type]} flex flex-wrap justify-between`}>
      <div>{children}</div>
      {action}
    </div>
  )
}
