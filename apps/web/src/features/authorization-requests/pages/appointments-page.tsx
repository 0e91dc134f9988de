// /app/physician/appointments, the visit planner: the patients due for their annual wellness visit (a section
// app/ passes in from the adherence feature), then what is due day by day — authorizations that end (renew
// them before the data stops) and requests still waiting for the patient. The portal has no clinic schedule;
// this is the data it truly holds, and the page says so.
import type { AuthorizationRequest } from '@blueconsent/contract/authorization-requests'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useRequests } from '../api/list-requests.ts'

export type DueItem = { request: AuthorizationRequest; kind: 'renewal' | 'awaiting'; day: string }

const HORIZON_DAYS = 60
const DAY_MS = 86_400_000

/** Authorizations ending within 60 days and pending requests, grouped by the day they fall due. */
export function dueByDay(requests: readonly AuthorizationRequest[], now = Date.now()): [string, DueItem[]][] {
  const items: DueItem[] = []
  for (const request of requests) {
    if (request.status === 'authorized' && request.expires_at) {
      const ends = new Date(request.expires_at).getTime()
      if (ends > now && ends - now <= HORIZON_DAYS * DAY_MS)
        items.push({ request, kind: 'renewal', day: request.expires_at.slice(0, 10) })
    } else if (request.status === 'pending' && request.expires_at) {
      items.push({ request, kind: 'awaiting', day: request.expires_at.slice(0, 10) })
    }
  }
  const days = new Map<string, DueItem[]>()
  for (const item of items.sort((a, b) => a.day.localeCompare(b.day)))
    days.set(item.day, [...(days.get(item.day) ?? []), item])
  return [...days.entries()]
}

const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  })

export function AppointmentsPage({ planner }: { planner?: ReactNode }) {
  const requests = useRequests({ scope: 'organization' })
  const days = requests.data ? dueByDay(requests.data.results) : []
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Appointments</h1>
          <p className="mt-2">
            Authorizations to renew and requests awaiting a patient, by the day they fall due. BlueConsent
            does not hold your clinic schedule: these are the dates from your patients’ Medicare
            authorizations.
          </p>
        </div>
        <Link className="btn btn-outline" to="/app/dashboard">
          Back to Dashboard
        </Link>
      </div>
      {planner}
      <h2 id="renewals-heading" className="text-2xl font-semibold">
        Renewals and waiting requests
      </h2>
      {requests.isPending ? <Spinner label="Loading what is due…" /> : null}
      {requests.isError ? <Alert type="error">Failed to load authorization requests</Alert> : null}
      {requests.isSuccess && days.length === 0 ? (
        <p>Nothing falls due in the next {HORIZON_DAYS} days.</p>
      ) : null}
      {days.map(([day, items]) => (
        <section key={day} className="card bg-base-100 shadow-sm" aria-labelledby={`due-${day}`}>
          <div className="card-body gap-2">
            <h3 id={`due-${day}`} className="card-title text-lg">
              {longDay(day)}
            </h3>
            <ul className="flex flex-col gap-1">
              {items.map(({ request, kind }) => (
                <li key={request.request_id}>
                  {request.patient_id ? (
                    <Link className="link" to={`/app/patient/${request.patient_id}`}>
                      {request.patient_name}
                    </Link>
                  ) : (
                    request.patient_name
                  )}
                  {kind === 'renewal'
                    ? ': authorization ends, renew it to keep their data'
                    : ': the request link expires'}
                </li>
              ))}
            </ul>
          </div>
        </section>
      ))}
    </div>
  )
}
