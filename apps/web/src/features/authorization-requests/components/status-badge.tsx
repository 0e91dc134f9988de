import {
  requestGroup,
  statusLabel,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'

// Solid daisyUI colours only: their content colours are AA-corrected in every theme (styles/theme-contrast.css).
const CLASS = { pending: 'badge-warning', approved: 'badge-success', other: 'badge-neutral' } as const

export function StatusBadge({ request, now }: { request: AuthorizationRequest; now: number }) {
  return (
    <span className={`badge ${CLASS[requestGroup(request, now)]} whitespace-nowrap`}>
      {statusLabel(request, now)}
    </span>
  )
}
