import {
  isDisplayExpired,
  requestGroup,
  statusLabel,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'

// Solid daisyUI colours only: their content colours are AA-corrected in every theme (styles/theme-contrast.css).
// Each outcome has its own colour, and its label always says it in words.
const CLASS = {
  pending: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
  revoked: 'badge-neutral',
  expired: 'badge-info',
} as const

type Outcome = keyof typeof CLASS

export function badgeOutcome(
  request: Pick<AuthorizationRequest, 'status' | 'expires_at'>,
  now: number,
): Outcome {
  const group = requestGroup(request, now)
  if (group !== 'other') return group
  if (isDisplayExpired(request, now) || request.status === 'expired') return 'expired'
  return request.status === 'denied' ? 'rejected' : 'revoked'
}

export function StatusBadge({ request, now }: { request: AuthorizationRequest; now: number }) {
  return (
    <span className={`badge ${CLASS[badgeOutcome(request, now)]} whitespace-nowrap`}>
      {statusLabel(request, now)}
    </span>
  )
}
