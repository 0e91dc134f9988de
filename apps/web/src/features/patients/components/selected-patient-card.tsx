// The selected-patient summary of the Patients page (spec 1 §2) with its three actions.
import { statusLabel, type Patient } from '@blueconsent/contract'
import { Link, generatePath } from 'react-router'
import { paths } from '../../../app/paths.ts'
import { formatDate } from '../../../components/patient-data/format.ts'
import { patientAddress, patientBirthDate, patientDisplayName, patientPhone } from './patient-format.ts'

type SelectedPatientCardProps = { patient: Patient; onClear: () => void }

export function SelectedPatientCard({ patient, onClear }: SelectedPatientCardProps) {
  const rows: [string, string | null][] = [
    ['Medicare ID', patient.medicare_number],
    ['Date of birth', formatDate(patientBirthDate(patient))],
    ['Gender', patient.gender],
    ['Created', formatDate(patient.created_at)],
    ['Phone', patientPhone(patient)],
    ['Email', patient.email],
    ['Address', patientAddress(patient)],
    // The newest request of the caller's scope; 'None' sends the user to request one.
    ['Authorization', patient.authorization ? statusLabel(patient.authorization) : 'None'],
  ]
  return (
    <section aria-labelledby="selected-patient-heading" className="card bg-base-100 border border-base-300">
      <div className="card-body gap-3">
        <h2 id="selected-patient-heading" className="card-title">
          {patientDisplayName(patient)}
        </h2>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium">{label}</dt>
              <dd>{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
        <div className="card-actions">
          <Link className="btn btn-primary btn-sm" to={generatePath(paths.patientDetail, { id: patient.id })}>
            View full record
          </Link>
          <button type="button" className="btn btn-outline btn-sm" onClick={onClear}>
            Clear selection
          </button>
          <Link className="btn btn-outline btn-sm" to={paths.careManagement}>
            Manage authorization requests
          </Link>
        </div>
      </div>
    </section>
  )
}
