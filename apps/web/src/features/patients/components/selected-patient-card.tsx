// The selected-patient summary of the Patients page with its three actions.
import { IDENTITY_REVIEW_LABEL, statusLabel } from '@blueconsent/contract/authorization-requests'
import { MEDICARE_ACCESS_ENDS_LABEL, medicareAccessEndText } from '@blueconsent/contract/durations'
import { type Patient } from '@blueconsent/contract/patients'
import { type Role } from '@blueconsent/contract/shared'
import { useEffect, useRef } from 'react'
import { Link, generatePath } from 'react-router'
import { paths } from '@/app/paths.ts'
import { formatDate } from '@/components/patient-data/format.ts'
import { patientDisplayName } from './patient-format.ts'
import { patientFactRows, patientFieldsFor } from './patient-fields.ts'
import { DetailsList, type DetailRow } from '@/components/patient-data/details-list.tsx'

/** The newest request's state; a Medicare record waiting for an identity review is never called approved. */
function authorizationText(authorization: Patient['authorization']): string {
  if (!authorization) return 'None'
  if (authorization.under_identity_review && authorization.status === 'authorized')
    return IDENTITY_REVIEW_LABEL
  return statusLabel(authorization)
}

/** When Medicare's own access ends for the newest authorization, while it is approved. */
export function medicareEndRow(patient: Patient): DetailRow[] {
  const authorization = patient.authorization
  if (authorization?.status !== 'authorized') return []
  const text = medicareAccessEndText(authorization.medicare_access_ends_at)
  return text ? [[MEDICARE_ACCESS_ENDS_LABEL, text]] : []
}

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
    ['Authorization', authorizationText(patient.authorization)],
    ...medicareEndRow(patient),
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
