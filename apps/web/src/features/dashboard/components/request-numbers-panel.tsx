import { type User } from '@blueconsent/contract/auth'
import { AUTHORIZATION_MESSAGES } from '@blueconsent/contract/authorization-requests'
import { hasFeature } from '@blueconsent/contract/shared'
import { Link } from 'react-router'
import { paths } from '../../../app/paths.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useRequestSummary, summaryScopeFor } from '../api/request-summary.ts'
import { RequestAuthorizationLink } from './request-authorization-link.tsx'
import { AWAITING_ALERT_HOURS, requestNumbers, type RequestNumbers } from './request-numbers.ts'

const STATUS_TILES: { key: keyof RequestNumbers; label: string }[] = [
  { key: 'awaiting', label: 'Awaiting answer' },
  { key: 'approved', label: 'Approved' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'expired', label: 'Expired' },
  { key: 'revoked', label: 'Revoked' },
]

const ATTENTION_TILES: { key: keyof RequestNumbers; label: string }[] = [
  { key: 'awaitingOver48h', label: `Awaiting answer over ${AWAITING_ALERT_HOURS} hours` },
  { key: 'expiringWithin30Days', label: 'Approvals expiring within 30 days' },
  { key: 'patientsWithData', label: 'Patients with data' },
]

function Tiles({ numbers, tiles }: { numbers: RequestNumbers; tiles: typeof STATUS_TILES }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {tiles.map((tile) => (
        // A dl may group its dt/dd pairs in one div level only, so the card is that div.
        <div key={tile.key} className="card flex flex-col gap-1 bg-base-100 p-4 shadow-sm">
          <dt>{tile.label}</dt>
          <dd className="text-3xl font-bold">{numbers[tile.key]}</dd>
        </div>
      ))}
    </dl>
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
