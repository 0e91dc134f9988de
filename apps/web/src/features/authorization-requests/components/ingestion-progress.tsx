// How far the Medicare data pull has got (apps/api ingestion runs: pages fetched of pages total).
import type { Ingestion } from '@blueconsent/contract/authorization-requests'

export const HELD_FOR_REVIEW_TEXT =
  'The Medicare record did not match the name or birth date on this request. An administrator must confirm the patient’s identity on the Authorization Requests page before the data can be viewed.'

export function IngestionProgress({ ingestion }: { ingestion: Ingestion }) {
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
      return <p>Held for identity review. {HELD_FOR_REVIEW_TEXT}</p>
    default:
      return null
  }
}
