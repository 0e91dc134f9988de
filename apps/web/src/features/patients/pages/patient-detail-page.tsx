// /app/patient/:id, Patient Details: the patient's name over their record.
import { MESSAGES, isValidPatientId } from '@blueconsent/contract/shared'
import { useParams } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { usePatient } from '../api/patients-api.ts'
import { PatientRecord, type PatientRecordSlots } from '../components/patient-record.tsx'
import { patientDisplayName } from '../components/patient-format.ts'

export function PatientDetailPage({ adherencePanel }: PatientRecordSlots = {}) {
  const { id = '' } = useParams()
  const valid = isValidPatientId(id)
  // The record asks for the same patient; the query cache answers both from one request.
  const patient = usePatient(valid ? id : null)
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">
        {patient.data ? patientDisplayName(patient.data) : 'Patient Details'}
      </h1>
      {valid ? (
        <PatientRecord patientId={id} adherencePanel={adherencePanel} />
      ) : (
        <Alert type="error">{MESSAGES.patientId}</Alert>
      )}
    </div>
  )
}
