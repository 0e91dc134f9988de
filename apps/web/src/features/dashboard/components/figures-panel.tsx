// The role's figures (GET /api/dashboard/), each one a link to the list behind it; the risk-score
// distribution is a table whose bars are decoration, so the numbers are the text alternative.
import type { Dashboard } from '@blueconsent/contract/dashboard'
import type { RequestAttention } from '@blueconsent/contract/authorization-requests'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { callEndpoint } from '@/lib/endpoints.ts'
import { useFigures } from '../api/figures.ts'

/** Data Access opened on exactly the requests a figure counted (the same condition on the server). */
const attentionList = (set: RequestAttention) => `/app/care-management?attention=${set}`

function Figure({ label, value, to, note }: { label: string; value: ReactNode; to: string; note?: string }) {
  return (
    <Link to={to} className="card bg-base-100 shadow-sm transition hover:shadow-md focus-visible:outline">
      <div className="card-body gap-1 p-4">
        <span className="text-sm">{label}</span>
        <span className="text-3xl font-bold">{value}</span>
        {note ? <span className="text-sm">{note}</span> : null}
      </div>
    </Link>
  )
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })

/**
 * Once the figures are on screen, tells the server this visit happened, so the next visit lists what changed
 * since this one (once per page view; a failure only means the next visit compares with an older one).
 */
function useMarkVisited(shown: boolean) {
  const marked = useRef(false)
  useEffect(() => {
    if (!shown || marked.current) return
    marked.current = true
    callEndpoint('dashboard.visit').catch(() => undefined)
  }, [shown])
}

export function FiguresPanel() {
  const dashboard = useFigures()
  useMarkVisited(dashboard.isSuccess)
  if (dashboard.isPending) return <Spinner label="Loading your figures…" />
  if (dashboard.isError)
    return (
      <Alert
        type="error"
        action={
          <button type="button" className="btn btn-sm" onClick={() => void dashboard.refetch()}>
            Retry
          </button>
        }
      >
        Failed to load the dashboard figures.
      </Alert>
    )
  return <Figures data={dashboard.data} />
}

function Figures({ data }: { data: Dashboard }) {
  const { requests, patients } = data
  if (data.kind === 'platform' && data.platform)
    return (
      <section aria-labelledby="figures-heading" className="flex flex-col gap-3">
        <h2 id="figures-heading" className="text-xl font-semibold">
          The platform today
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Figure label="Organizations" value={data.platform.organizations} to="/app/admin/organizations" />
          <Figure label="Active users" value={data.platform.users} to="/app/admin/users" />
          <Figure
            label="Support requests waiting"
            value={data.platform.support_requests_open}
            to="/app/admin"
          />
          <Figure label="Data pulls failed" value={requests.ingestion_failures} to="/app/admin/audit" />
        </div>
      </section>
    )
  return (
    <section aria-labelledby="figures-heading" className="flex flex-col gap-4">
      <h2 id="figures-heading" className="text-xl font-semibold">
        {data.kind === 'agent' ? 'Your clients' : 'Your patients and requests'}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure
          label={data.kind === 'agent' ? 'Clients with approved access' : 'Patients with Medicare data'}
          value={patients?.patients_with_data ?? 0}
          to="/app/patients"
          note={patients ? `of ${patients.patients_total} patients` : undefined}
        />
        <Figure
          label="Requests authorized"
          value={requests.conversion_percent === null ? '—' : `${requests.conversion_percent}%`}
          to={attentionList('authorized')}
          note={`${requests.authorized_ever} of ${requests.sent} sent`}
        />
        <Figure
          label="Waiting over 48 hours"
          value={requests.awaiting_over_48h}
          to={attentionList('waiting_over_48h')}
        />
        {data.kind === 'organization' ? (
          <>
            <Figure
              label="Average risk score"
              value={patients?.average_score?.toFixed(3) ?? '—'}
              to="/app/patients"
              note={
                patients?.average_payment_score != null
                  ? `blended payment score ${patients.average_payment_score.toFixed(3)}`
                  : undefined
              }
            />
            <Figure
              label="Ending within 30 days"
              value={requests.expiring_within_30_days}
              to={attentionList('ending_within_30_days')}
            />
            <Figure
              label="Data pulls failed"
              value={requests.ingestion_failures}
              to={attentionList('pull_failed')}
            />
          </>
        ) : null}
      </div>
      {data.changes_since_last_visit?.since ? <ChangedSinceLastVisit data={data} /> : null}
      {data.kind === 'organization' && patients && patients.scored > 0 ? (
        <RiskDistribution data={data} />
      ) : null}
      {data.kind === 'agent' ? <UpcomingExpiries data={data} /> : null}
    </section>
  )
}

function RiskDistribution({ data }: { data: Dashboard }) {
  const patients = data.patients
  if (!patients) return null
  const most = Math.max(1, ...patients.distribution.map((band) => band.count))
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body">
          <table className="table table-sm">
            <caption className="text-left font-semibold">Risk scores of {patients.scored} patients</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Score</th>
                <th scope="col">Patients</th>
                <th scope="col">
                  <span className="sr-only">Share</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {patients.distribution.map((band) => (
                <tr key={band.band}>
                  <td>{band.band}</td>
                  <td>{band.count}</td>
                  <td className="w-1/2" aria-hidden="true">
                    <div
                      className="h-3 rounded bg-primary"
                      style={{ width: `${(band.count / most) * 100}%` }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body">
          <h3 className="font-semibold">Most frequent HCCs</h3>
          {patients.top_hccs.length === 0 ? (
            <p>No HCCs in the latest scores yet.</p>
          ) : (
            <ol className="list-decimal pl-5">
              {patients.top_hccs.map((hcc) => (
                <li key={hcc.hcc}>
                  {hcc.label} ({hcc.hcc}): {hcc.patients} {hcc.patients === 1 ? 'patient' : 'patients'}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </div>
  )
}

function ChangedSinceLastVisit({ data }: { data: Dashboard }) {
  const changes = data.changes_since_last_visit
  if (!changes?.since) return null
  const more = changes.count - changes.patients.length
  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body">
        <h3 className="font-semibold">Changed since your last visit ({dateTime(changes.since)})</h3>
        {changes.count === 0 ? (
          <p>No patient’s Medicare data changed since your last visit.</p>
        ) : (
          <>
            <p>
              New Medicare data for {changes.count} {changes.count === 1 ? 'patient' : 'patients'}.
            </p>
            <ul className="flex flex-col gap-1">
              {changes.patients.map((patient) => (
                <li key={patient.id}>
                  <Link className="link" to={`/app/patient/${patient.id}`}>
                    {patient.name}
                  </Link>{' '}
                  pulled {dateTime(patient.last_synced_at)}
                </li>
              ))}
            </ul>
            {more > 0 ? (
              <Link className="link" to="/app/patients">
                and {more} more on the Patients page
              </Link>
            ) : null}
          </>
        )}
      </div>
    </div>
  )
}

function UpcomingExpiries({ data }: { data: Dashboard }) {
  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body">
        <h3 className="font-semibold">Access ending next</h3>
        {data.upcoming_expiries.length === 0 ? (
          <p>No client has approved access right now.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {data.upcoming_expiries.map((entry) => (
              <li key={entry.request_id}>
                <Link className="link" to={`/app/patient/${entry.patient_id}`}>
                  {entry.patient_name}
                </Link>{' '}
                until {dateTime(entry.expires_at)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
