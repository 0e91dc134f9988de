// /app/patient/:id, Patient Details: demographics, freshness, export, the explained risk score, and the
// Medications and Claims tabs, each shown as the role's display options allow (spec 1 §6).
import {
  MESSAGES,
  PATIENT_DATA_MESSAGES,
  displayOptionsFor,
  isValidPatientId,
  type DisplayOptions,
  type Patient,
  type User,
} from '@blueconsent/contract'
import { useState } from 'react'
import { useParams } from 'react-router'
import { formatDate } from '../../../components/patient-data/format.ts'
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
import { patientAddress, patientBirthDate, patientDisplayName, patientMrn, patientPhone } from '../components/patient-format.ts'
import { DetailsList } from '../../../components/patient-data/details-list.tsx'

const NOT_FOUND_TEXT = 'Patient not found, or not one of your patients.'

const detailErrorText = (error: unknown): string =>
  isApiError(error) && error.status === 404 ? NOT_FOUND_TEXT : PATIENT_DATA_MESSAGES.detailsFailed

export function PatientDetailPage() {
  const { id = '' } = useParams()
  const { user } = useSession()
  const valid = isValidPatientId(id)
  const patient = usePatient(valid ? id : null)
  if (!user) return null
  const options = displayOptionsFor(user.role)
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{patient.data ? patientDisplayName(patient.data) : 'Patient Details'}</h1>
      {!valid ? <Alert type="error">{MESSAGES.patientId}</Alert> : null}
      {valid && patient.isPending ? <Spinner label="Loading patient…" /> : null}
      {patient.isError ? <Alert type="error">{detailErrorText(patient.error)}</Alert> : null}
      {patient.data ? <PatientRecord patient={patient.data} user={user} options={options} /> : null}
    </div>
  )
}

function PatientRecord({ patient, user, options }: { patient: Patient; user: User; options: DisplayOptions }) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <DataFreshness dataAsOf={patient.data_as_of} lastSyncedAt={patient.last_synced_at} />
        {options.export ? <ExportButtons patientId={patient.id} /> : null}
      </div>
      <Demographics patient={patient} options={options} />
      <MedicareStatusPanel patientId={patient.id} options={options} />
      {options.riskScore ? <RiskSection patientId={patient.id} /> : null}
      <PatientData patientId={patient.id} options={options} />
      <NotesPanel patientId={patient.id} user={user} options={options} />
    </>
  )
}

function Demographics({ patient, options }: { patient: Patient; options: DisplayOptions }) {
  const rows: [string, string | null][] = [
    ['Date of birth', formatDate(patientBirthDate(patient))],
    ['Gender', patient.gender],
    ['MRN', patientMrn(patient)],
  ]
  if (options.mbi) rows.push(['Medicare ID', patient.medicare_number])
  if (options.demographics) {
    rows.push(['Phone', patientPhone(patient)], ['Email', patient.email], ['Address', patientAddress(patient)])
  }
  return (
    <section aria-labelledby="demographics-heading" className="card bg-base-100 border border-base-300">
      <div className="card-body gap-2">
        <h2 id="demographics-heading" className="card-title">
          Demographics
        </h2>
        <DetailsList rows={rows} />
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
  // Agents see medications only (spec 1 §6): no Claims tab at all.
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
