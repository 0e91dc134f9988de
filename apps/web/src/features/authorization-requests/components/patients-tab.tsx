// The widget's Patients tab: the patients that have requests, with their latest status (derived from the list).
import { type AuthorizationRequest } from '@blueconsent/contract/authorization-requests'
import { PATIENT_DATA_MESSAGES } from '@blueconsent/contract/patients'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { patientName, patientPageOf } from './request-display.ts'
import { StatusBadge } from './status-badge.tsx'

export type PatientRow = {
  patientId: string
  name: string
  mrn: string | null
  latest: AuthorizationRequest
  /** The patient's record, once any of their requests has brought Medicare data; null before. */
  record: string | null
}

/** One row per patient, from their newest request. */
export function patientRows(
  requests: readonly AuthorizationRequest[],
  now: number = Date.now(),
): PatientRow[] {
  const latest = new Map<string, AuthorizationRequest>()
  for (const request of requests) {
    if (!request.patient_id) continue
    const known = latest.get(request.patient_id)
    if (!known || Date.parse(request.created_at) > Date.parse(known.created_at))
      latest.set(request.patient_id, request)
  }
  return [...latest.entries()]
    .map(([patientId, request]) => ({
      patientId,
      name: patientName(request),
      mrn: request.patient_mrn,
      latest: request,
      record:
        requests
          .filter((other) => other.patient_id === patientId)
          .map((other) => patientPageOf(other, now))
          .find((href) => href != null) ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

export function PatientsTab({ requests, now }: { requests: readonly AuthorizationRequest[]; now: number }) {
  const rows = patientRows(requests, now)
  return (
    <section className="flex flex-col gap-4" aria-labelledby="patients-heading">
      <h2 id="patients-heading" className="text-xl font-semibold">
        Patients
      </h2>
      {rows.length === 0 ? (
        <p>{PATIENT_DATA_MESSAGES.noPatients}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table">
            <caption className="sr-only">Patients with authorization requests</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Patient</th>
                <th scope="col">MRN</th>
                <th scope="col">Latest status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.patientId}>
                  <td>
                    <Link
                      className="link"
                      to={row.record ?? `${paths.authorization}?patient=${encodeURIComponent(row.patientId)}`}
                    >
                      {row.name}
                    </Link>
                  </td>
                  <td>{row.mrn ?? '—'}</td>
                  <td>
                    <StatusBadge request={row.latest} now={now} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
