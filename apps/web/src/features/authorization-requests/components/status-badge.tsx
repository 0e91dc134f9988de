import {
  IDENTITY_REVIEW_LABEL,
  isDisplayExpired,
  requestGroup,
  statusLabel,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'

// Solid daisyUI colours only: their content colours are AA-corrected in every theme (styles/theme-contrast.css).
// Each outcome has its own colour, and its label always says it in words.
const CLASS = {
  review: 'badge-warning',
  pending: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
  revoked: 'badge-neutral',
  expired: 'badge-info',
} as const

type Outcome = keyof typeof CLASS

/** An authorization whose Medicare data waits for an identity review is not shown as approved. */
export const underIdentityReview = (
  request: Pick<AuthorizationRequest, 'status' | 'identity_review' | 'ingestion'>,
): boolean =>
  request.status === 'authorized' &&
  (request.identity_review.status === 'pending' || request.ingestion.status === 'held_for_review')

export const IDENTITY_REVIEW_BADGE = IDENTITY_REVIEW_LABEL

export function badgeOutcome(
  request: Pick<AuthorizationRequest, 'status' | 'expires_at' | 'identity_review' | 'ingestion'>,
  now: number,
): Outcome {
  const group = requestGroup(request, now)
  if (group === 'approved' && underIdentityReview(request)) return 'review'
  if (group !== 'other') return group
  if (isDisplayExpired(request, now) || request.status === 'expired') return 'expired'
  return request.status === 'denied' ? 'rejected' : 'revoked'
}

export function StatusBadge({ request, now }: { request: AuthorizationRequest; now: number }) {
  const outcome = badgeOutcome(request, now)
  return (
    <span className={`badge ${CLASS[outcome]} whitespace-nowrap`}>
      {outcome === 'review' ? IDENTITY_REVIEW_BADGE : statusLabel(request, now)}
    </span>
  )
}
