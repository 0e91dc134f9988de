// /app/patient/:id, Patient Details: demographics, freshness, export, the explained risk score, and the
// Medications and Claims tabs, each shown as the role's display options allow.
import { type User } from '@blueconsent/contract/auth'
import { PATIENT_DATA_MESSAGES, type Patient } from '@blueconsent/contract/patients'
import {
  MESSAGES,
  displayOptionsFor,
  isValidPatientId,
  type DisplayOptions,
  type Role,
} from '@blueconsent/contract/shared'
import { useState } from 'react'
import { useParams } from 'react-router'
import { RiskContributorsChart } from '../../../components/patient-data/risk-contributors-chart.tsx'
import { RiskScorePanel } from '../../../components/patient-data/risk-score-panel.tsx'
import { Tabs } from '../../../components/patient-data/tabs.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { isApiError } from '../../../lib/api-error.ts'
import { useSession } from '../../../lib/session.ts'
import { useConsolidated, usePatient, useRiskScore } from '../api/patients-api.ts'
import { ClaimsPanel } from '../components/claims-panel.tsx'
import { DataFreshness } from '../components/data-freshness.tsx'
import { ExportButtons } from '../components/export-buttons.tsx'
import { MedicareStatusPanel } from '../components/medicare-status-panel.tsx'
import { NotesPanel } from '../components/notes-panel.tsx'
import { MedicationList } from '../components/medication-list.tsx'
import { patientDisplayName } from '../components/patient-format.ts'
import { patientFactRows, patientFieldsFor } from '../components/patient-fields.ts'
import { DetailsList } from '../../../components/patient-data/details-list.tsx'
import { PATIENT_MESSAGES } from '../messages.ts'

/** The catalogue's text for any failure; a 404 adds why (absent, or outside the caller's scope). */
function DetailError({ error }: { error: unknown }) {
  return (
    <Alert type="error">
      <p className="font-semibold">{PATIENT_DATA_MESSAGES.detailsFailed}</p>
      {isApiError(error) && error.status === 404 ? <p>{PATIENT_MESSAGES.notFoundExplanation}</p> : null}
    </Alert>
  )
}

export function PatientDetailPage() {
  const { id = '' } = useParams()
  const { user } = useSession()
  const valid = isValidPatientId(id)
  const patient = usePatient(valid ? id : null)
  if (!user) return null
  const options = displayOptionsFor(user.role)
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">
        {patient.data ? patientDisplayName(patient.data) : 'Patient Details'}
      </h1>
      {!valid ? <Alert type="error">{MESSAGES.patientId}</Alert> : null}
      {valid && patient.isPending ? <Spinner label="Loading patient…" /> : null}
      {patient.isError ? <DetailError error={patient.error} /> : null}
      {patient.data ? <PatientRecord patient={patient.data} user={user} options={options} /> : null}
    </div>
  )
}

function PatientRecord({
  patient,
  user,
  options,
}: {
  patient: Patient
  user: User
  options: DisplayOptions
}) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <DataFreshness dataAsOf={patient.data_as_of} lastSyncedAt={patient.last_synced_at} />
        {options.export ? <ExportButtons patientId={patient.id} /> : null}
      </div>
      <PatientFacts patient={patient} role={user.role} />
      <MedicareStatusPanel patientId={patient.id} options={options} />
      {options.riskScore ? <RiskSection patientId={patient.id} /> : null}
      <PatientData patientId={patient.id} options={options} />
      <NotesPanel patientId={patient.id} user={user} options={options} />
    </>
  )
}

/**
 * 'Demographics' for roles with the `demographics` display option; the others (agents) see the patient's identity
 * only, name (the page heading) and date of birth, under 'Identity'. Same rule as the selected-patient card.
 */
function PatientFacts({ patient, role }: { patient: Patient; role: Role }) {
  const fields = patientFieldsFor(role)
  const title = fields.demographics ? 'Demographics' : 'Identity'
  return (
    <section aria-labelledby="patient-facts-heading" className="card bg-base-100 border border-base-300">
      <div className="card-body gap-2">
        <h2 id="patient-facts-heading" className="card-title">
          {title}
        </h2>
        <DetailsList rows={patientFactRows(patient, fields)} />
      </div>
    </section>
  )
}

function RiskSection({ patientId }: { patientId: string }) {
  const risk = useRiskScore(patientId, true)
  if (risk.isPending) return <Spinner label="Loading risk score…" />
  if (risk.isError) return <Alert type="error">{PATIENT_DATA_MESSAGES.loadFailed}</Alert>
  if (!risk.data.explanation) return <p>No risk score is available for this patient yet.</p>
  return (
    <div className="card bg-base-100 border border-base-300">
      <div className="card-body">
        <RiskScorePanel risk={risk.data.explanation} />
        <RiskContributorsChart risk={risk.data.explanation} />
      </div>
    </div>
  )
}

type DataPanel = 'medications' | 'claims'

function PatientData({ patientId, options }: { patientId: string; options: DisplayOptions }) {
  const data = useConsolidated(patientId)
  const [panel, setPanel] = useState<DataPanel>('medications')
  if (data.isPending) return <Spinner label="Loading patient data…" />
  if (data.isError) return <Alert type="error">{PATIENT_DATA_MESSAGES.loadFailed}</Alert>
  const medications = <MedicationList medications={data.data.medications} options={options} />
  // Agents see medications only: no Claims tab at all.
  if (!options.claimDetails) {
    return (
      <section aria-labelledby="medications-heading" className="flex flex-col gap-2">
        <h2 id="medications-heading" className="text-xl font-semibold">
          Medications
        </h2>
        {medications}
      </section>
    )
  }
  return (
    <Tabs
      label="Patient data"
      tabs={[
        { key: 'medications', label: 'Medications' },
        { key: 'claims', label: 'Claims' },
      ]}
      selected={panel}
      onSelect={setPanel}
    >
      {panel === 'medications' ? medications : <ClaimsPanel claims={data.data.claims} options={options} />}
    </Tabs>
  )
}
