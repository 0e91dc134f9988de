// How far the Medicare data pull has got (apps/api ingestion runs: pages fetched of pages total).
import type { Ingestion } from '@blueconsent/contract/authorization-requests'
import { ROLE_LABELS, isAdminRole, type Role } from '@blueconsent/contract/shared'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'

/** The administrator role that reviews identities in the viewer's kind of organisation. */
export function reviewerLabel(role: Role): string {
  if (role === 'ACO_ADMIN' || role === 'ACO_USER') return ROLE_LABELS.ACO_ADMIN
  if (role === 'PHYSICIAN_ADMIN' || role === 'PHYSICIAN_USER' || role === 'CLINICIAN')
    return ROLE_LABELS.PHYSICIAN_ADMIN
  if (role === 'AGENT_ADMIN' || role === 'AGENT_USER') return ROLE_LABELS.AGENT_ADMIN
  return ROLE_LABELS.ADMIN
}

/** The reviewer's role with its article, as a sentence starts ("A Physician Admin", "An ACO Admin"). */
export function reviewerPhrase(role: Role): string {
  const label = reviewerLabel(role)
  return `${/^[AEIOU]/i.test(label) ? 'An' : 'A'} ${label}`
}

export const heldForReviewText = (role: Role): string =>
  `The Medicare record did not match the name or birth date on this request. ${reviewerPhrase(role)} of your organization must confirm the patient’s identity on the Authorization Requests page before the data can be viewed.`

/** Why the data is held, who must act, and for those who can, the way to the review. */
export function HeldForReview({ role }: { role: Role }) {
  return (
    <p>
      Held for identity review. {heldForReviewText(role)}
      {isAdminRole(role) ? (
        <>
          {' '}
          <Link className="link" to={paths.authorizationRequestList}>
            Review the identity now
          </Link>
        </>
      ) : null}
    </p>
  )
}

export function IngestionProgress({ ingestion, viewerRole }: { ingestion: Ingestion; viewerRole: Role }) {
  switch (ingestion.status) {
    case 'queued':
      return <p>Medicare data download is queued.</p>
    case 'running': {
      const total = ingestion.pages_total
      return (
        <div className="flex flex-col gap-1">
          <p>
            Downloading Medicare data: {ingestion.pages_fetched}
            {total ? ` of ${total}` : ''} pages
          </p>
          <progress
            className="progress progress-primary w-full"
            aria-label="Medicare data download"
            value={ingestion.pages_fetched}
            max={total ?? undefined}
          />
        </div>
      )
    }
    case 'completed':
      return ingestion.last_synced_at ? (
        <p>Data synced {new Date(ingestion.last_synced_at).toLocaleString()}.</p>
      ) : (
        <p>Data synced.</p>
      )
    case 'failed':
      return (
        <p className="text-error">
          Medicare data download failed{ingestion.error ? `: ${ingestion.error}` : '.'}
        </p>
      )
    case 'held_for_review':
      return <HeldForReview role={viewerRole} />
    default:
      return null
  }
}
