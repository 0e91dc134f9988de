// A request's status as a badge: new stands out, closed recedes.
import { SUPPORT_STATUS_LABELS, type SupportStatus } from '@blueconsent/contract/support'

const CLASS: Record<SupportStatus, string> = {
  new: 'badge-info',
  answered: 'badge-success',
  closed: 'badge-ghost',
}

export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return <span className={`badge ${CLASS[status]}`}>{SUPPORT_STATUS_LABELS[status]}</span>
}
