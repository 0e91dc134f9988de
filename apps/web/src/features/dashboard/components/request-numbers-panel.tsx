import { type User } from '@blueconsent/contract/auth'
import {
  AUTHORIZATION_MESSAGES,
  REQUEST_BUCKET_LABELS,
  type RequestBucket,
} from '@blueconsent/contract/authorization-requests'
import { hasFeature } from '@blueconsent/contract/shared'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useRequestSummary, summaryScopeFor } from '../api/request-summary.ts'
import { RequestAuthorizationLink } from './request-authorization-link.tsx'
import { requestNumbers, type RequestNumbers } from './request-numbers.ts'

type Tile = { key: keyof RequestNumbers; label: string; to: string }

const bucketTile = (key: RequestBucket): Tile => ({
  key,
  label: REQUEST_BUCKET_LABELS[key],
  to: `${paths.authorizationRequestList}?view=${key}`,
})

// Every tile opens the list of exactly the requests it counts (requestBuckets decides both).
const STATUS_TILES: Tile[] = (
  ['awaiting', 'approved', 'heldForReview', 'rejected', 'expired', 'revoked'] as const
).map(bucketTile)

const ATTENTION_TILES: Tile[] = [
  bucketTile('awaitingOver48h'),
  bucketTile('expiringWithin30Days'),
  { key: 'patientsWithData', label: 'Patients with data', to: paths.authorization },
]

function Tiles({ numbers, tiles }: { numbers: RequestNumbers; tiles: readonly Tile[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {tiles.map((tile) => (
        <li key={tile.key}>
          <Link
            to={tile.to}
            className="card flex h-full flex-col gap-1 bg-base-100 p-4 shadow-sm hover:bg-base-200 focus-visible:outline"
          >
            <span>{tile.label}</span>
            <span className="text-3xl font-bold">{numbers[tile.key]}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** Request numbers for roles that send requests; nothing for the others. */
export function RequestNumbersPanel({ user }: { user: User }) {
  const enabled = hasFeature(user.role, 'patient-search')
  const summary = useRequestSummary(user.role, enabled)
  if (!enabled) return null
  const organization = summaryScopeFor(user.role) === 'organization'
  return (
    <section aria-labelledby="request-numbers-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="request-numbers-heading" className="text-xl font-semibold">
          {organization ? 'Your organization’s authorization requests' : 'Your authorization requests'}
        </h2>
        <RequestAuthorizationLink user={user} />
      </div>
      {summary.isPending ? <Spinner label="Loading request numbers…" /> : null}
      {summary.isError ? <Alert type="error">{AUTHORIZATION_MESSAGES.loadFailed}</Alert> : null}
      {summary.data ? (
        <>
          <Tiles numbers={requestNumbers(summary.data.results)} tiles={STATUS_TILES} />
          <h3 className="font-semibold">Needs attention</h3>
          <Tiles numbers={requestNumbers(summary.data.results)} tiles={ATTENTION_TILES} />
          {summary.data.count > summary.data.results.length ? (
            <p>
              Counts cover the latest {summary.data.results.length} of {summary.data.count} requests.
            </p>
          ) : null}
          <Link className="link" to={paths.authorizationRequestList}>
            Review all requests
          </Link>
        </>
      ) : null}
    </section>
  )
}
