// The visit planner's wellness section (on /app/physician/appointments): the patients due for their Medicare
// annual wellness visit, each with the medications they cover less than 80% of days and their pre-visit brief.
import { scrollRegion } from '@/components/ui/scroll-region.ts'
import type { AdherenceFlag, PlannedPatient } from '@blueconsent/contract/adherence'
import { useId, useState } from 'react'
import { Link, generatePath } from 'react-router'
import { paths } from '@/app/paths.ts'
import { formatLongDate } from '@/components/patient-data/format.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useVisitPlanner } from '../api/adherence-api.ts'
import { formatPdc } from './adherence-format.ts'

/** When the wellness visit falls due, in words. */
export function wellnessDueText(patient: PlannedPatient, asOf: string): string {
  if (patient.wellness_due_on === null) return 'Due: none on their Medicare claims'
  const last = patient.last_wellness_visit
    ? ` (last ${formatLongDate(patient.last_wellness_visit.date)})`
    : ''
  const verb = patient.wellness_due_on <= asOf ? 'Due since' : 'Due from'
  return `${verb} ${formatLongDate(patient.wellness_due_on)}${last}`
}

/** 'Cholesterol (statins): 54%, out since Mar 12, 2026' */
export function flagText(flag: AdherenceFlag): string {
  const out = flag.ran_out_on ? `, out since ${formatLongDate(flag.ran_out_on)}` : ''
  return `${flag.label}: ${formatPdc(flag.pdc)}${out}`
}

function PlannedRow({ patient, asOf }: { patient: PlannedPatient; asOf: string }) {
  return (
    <tr>
      <th scope="row" className="font-medium">
        <Link className="link" to={generatePath(paths.patientDetail, { id: patient.patient_id })}>
          {patient.patient_name}
        </Link>
      </th>
      <td>{wellnessDueText(patient, asOf)}</td>
      <td>
        {patient.adherence_flags.length === 0 ? (
          'No measure below 80%'
        ) : (
          <ul>
            {patient.adherence_flags.map((flag) => (
              <li key={flag.measure}>
                <span className="badge badge-error badge-outline">{flagText(flag)}</span>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td>
        <Link
          className="link"
          to={generatePath(paths.patientBrief, { id: patient.patient_id })}
          aria-label={`Pre-visit brief for ${patient.patient_name}`}
        >
          Pre-visit brief
        </Link>
      </td>
    </tr>
  )
}

export function VisitPlanner() {
  const [belowOnly, setBelowOnly] = useState(false)
  const planner = useVisitPlanner(belowOnly)
  const filterId = useId()
  const data = planner.data
  return (
    <section aria-labelledby="wellness-due-heading" className="card bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <h2 id="wellness-due-heading" className="card-title text-lg">
          Annual wellness visits due
        </h2>
        <p>
          Patients whose Medicare annual wellness visit is covered again (11 full months after the last one)
          or will be within {data?.horizon_days ?? 30} days, and patients with none on their claims, with the
          medications they had on hand less than 80% of days this year.
        </p>
        <label className="label cursor-pointer justify-start gap-2" htmlFor={filterId}>
          <input
            id={filterId}
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={belowOnly}
            onChange={(event) => setBelowOnly(event.target.checked)}
          />
          <span>Only patients below 80% adherence</span>
        </label>
        {planner.isPending ? <Spinner label="Loading the visit planner…" /> : null}
        {planner.isError ? <Alert type="error">The visit planner is unavailable right now.</Alert> : null}
        {data && data.wellness_due.length === 0 ? (
          <p>No patient is due for a wellness visit{belowOnly ? ' with a measure below 80%' : ''}.</p>
        ) : null}
        {data && data.wellness_due.length > 0 ? (
          <div className="overflow-x-auto" {...scrollRegion('Patients due for their annual wellness visit')}>
            <table className="table table-sm">
              <caption className="sr-only">Patients due for their annual wellness visit</caption>
              <thead className="text-base-content">
                <tr>
                  <th scope="col">Patient</th>
                  <th scope="col">Wellness visit</th>
                  <th scope="col">Adherence</th>
                  <th scope="col">Brief</th>
                </tr>
              </thead>
              <tbody>
                {data.wellness_due.map((patient) => (
                  <PlannedRow key={patient.patient_id} patient={patient} asOf={data.as_of} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </section>
  )
}
