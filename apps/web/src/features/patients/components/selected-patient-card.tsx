// The selected-patient summary of the Patients page with its three actions.
import { statusLabel } from '@blueconsent/contract/authorization-requests'
import { type Patient } from '@blueconsent/contract/patients'
import { type Role } from '@blueconsent/contract/shared'
import { useEffect, useRef } from 'react'
import { Link, generatePath } from 'react-router'
import { paths } from '../../../app/paths.ts'
import { formatDate } from '../../../components/patient-data/format.ts'
import { patientDisplayName } from './patient-format.ts'
import { patientFactRows, patientFieldsFor } from './patient-fields.ts'
import { DetailsList, type DetailRow } from '../../../components/patient-data/details-list.tsx'

type SelectedPatientCardProps = { patient: Patient; role: Role; onClear: () => void }

export function SelectedPatientCard({ patient, role, onClear }: SelectedPatientCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  // A keyboard or screen-reader user who picked a patient lands on the summary rather than on a button far above.
  useEffect(() => headingRef.current?.focus(), [patient.id])
  // The same fields as Patient Details, by the same rule (patient-fields.ts).
  const rows: DetailRow[] = [
    ...patientFactRows(patient, patientFieldsFor(role)),
    ['Created', formatDate(patient.created_at)],
    // The newest request of the caller's scope; 'None' sends the user to request one.
    ['Authorization', patient.authorization ? statusLabel(patient.authorization) : 'None'],
  ]
  return (
    <section aria-labelledby="selected-patient-heading" className="card bg-base-100 border border-base-300">
      <div className="card-body gap-3">
        <h2 id="selected-patient-heading" ref={headingRef} tabIndex={-1} className="card-title">
          {patientDisplayName(patient)}
        </h2>
        <DetailsList rows={rows} />
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
