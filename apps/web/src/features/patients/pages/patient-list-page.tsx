// /app/patients: find a patient and open the record.
import { Link, generatePath } from 'react-router'
import { paths } from '@/app/paths.ts'
import { useSession } from '@/lib/session.ts'
import { PatientSearchPanel } from '../components/patient-search-panel.tsx'
import { patientDisplayName } from '../components/patient-format.ts'

export function PatientListPage() {
  const { user } = useSession()
  if (!user) return null
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Patients</h1>
      <PatientSearchPanel
        key={user.id}
        role={user.role}
        userId={user.id}
        renderAction={(patient) => (
          <Link
            className="btn btn-sm btn-outline"
            aria-label={`View record of ${patientDisplayName(patient)}`}
            to={generatePath(paths.patientDetail, { id: patient.id })}
          >
            View record
          </Link>
        )}
      />
    </div>
  )
}
