// /app/authorization, the Patients page: the organisation's patients (newest data first), search, select, and
// the selected patient's summary.
// The selection lives in the URL (?patient=, or ?id= from older links) so it can be shared and reloaded.
import { PATIENT_DATA_MESSAGES, type Patient } from '@blueconsent/contract/patients'
import { MESSAGES, isValidPatientId } from '@blueconsent/contract/shared'
import { useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useSession } from '@/lib/session.ts'
import { usePatient } from '../api/patients-api.ts'
import { OrganizationPatients } from '../components/organization-patients.tsx'
import { PatientSearchPanel } from '../components/patient-search-panel.tsx'
import { patientDisplayName } from '../components/patient-format.ts'
import { SelectedPatientCard } from '../components/selected-patient-card.tsx'

export function PatientsPage() {
  const { user } = useSession()
  const [params, setParams] = useSearchParams()
  const requested = params.get('patient') ?? params.get('id')
  const valid = requested != null && isValidPatientId(requested)
  const patient = usePatient(valid ? requested : null)
  const searchRef = useRef<HTMLInputElement>(null)
  // While a search is typed its results are the list; the organisation's list returns when it is cleared.
  const [searching, setSearching] = useState(false)
  if (!user) return null
  const selectButton = (found: Patient) => (
    <button
      type="button"
      className="btn btn-sm btn-outline"
      aria-label={`Select ${patientDisplayName(found)}`}
      onClick={() => setParams({ patient: found.id })}
    >
      Select
    </button>
  )
  const clear = () => {
    setParams({})
    // The card and its focused button go away; the search is where the user goes next.
    searchRef.current?.focus()
  }
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Patients</h1>
      <PatientSearchPanel
        key={user.id}
        role={user.role}
        userId={user.id}
        inputRef={searchRef}
        renderAction={selectButton}
        onSearchingChange={setSearching}
      />
      {requested != null && !valid ? <Alert type="error">{MESSAGES.patientId}</Alert> : null}
      {valid && patient.isPending ? <Spinner label="Loading patient…" /> : null}
      {valid && patient.isError ? <Alert type="error">{PATIENT_DATA_MESSAGES.detailsFailed}</Alert> : null}
      {valid && patient.data ? (
        <SelectedPatientCard patient={patient.data} role={user.role} onClear={clear} />
      ) : null}
      {searching ? null : <OrganizationPatients renderAction={selectButton} />}
    </div>
  )
}
