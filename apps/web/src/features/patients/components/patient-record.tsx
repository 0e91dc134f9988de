// A patient's record, the one view of their Medicare data: a summary first (freshness, the score at a glance,
// export), the patient's facts and Medicare status, then the record's sections as tabs (Medications, Claims,
// Risk score, Notes), each shown as the role's display options allow. Patient Details shows it under the
// patient's name; an authorization request's Data tab shows it for that request's patient.
import { type User } from '@blueconsent/contract/auth'
import { durationSentences } from '@blueconsent/contract/durations'
import {
  PATIENT_DATA_MESSAGES,
  SUBSTANCE_USE_NOT_SHARED_NOTE,
  type Patient,
} from '@blueconsent/contract/patients'
import { displayOptionsFor, type DisplayOptions, type Role } from '@blueconsent/contract/shared'
import type { ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { formatCoefficient } from '@/components/patient-data/format.ts'
import { RiskContributorsChart } from '@/components/patient-data/risk-contributors-chart.tsx'
import { RiskScorePanel } from '@/components/patient-data/risk-score-panel.tsx'
import { PartDPanel } from '@/components/patient-data/part-d-panel.tsx'
import { DetailsList } from '@/components/patient-data/details-list.tsx'
import { Tabs } from '@/components/ui/tabs.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { useSession } from '@/lib/session.ts'
import { useConsolidated, usePatient, useRiskScore } from '../api/patients-api.ts'
import { PATIENT_MESSAGES } from '../messages.ts'
import { ClaimsPanel } from './claims-panel.tsx'
import { DataFreshness } from './data-freshness.tsx'
import { ExportButtons } from './export-buttons.tsx'
import { MedicareStatusPanel } from './medicare-status-panel.tsx'
import { MedicationList } from './medication-list.tsx'
import { NotesPanel } from './notes-panel.tsx'
import { patientFactRows, patientFieldsFor } from './patient-fields.ts'

/** The catalogue's text for any failure; a 404 adds why (absent, or outside the caller's scope). */
function DetailError({ error }: { error: unknown }) {
  return (
    <Alert type="error">
      <p className="font-semibold">{PATIENT_DATA_MESSAGES.detailsFailed}</p>
      {isApiError(error) && error.status === 404 ? <p>{PATIENT_MESSAGES.notFoundExplanation}</p> : null}
    </Alert>
  )
}

/** Panels other features add below the patient's facts (app/ composes them; features never import each other). */
export type PatientRecordSlots = {
  /** The adherence panel, for the roles that see claims (the measures need the stays on them). */
  adherencePanel?: (patientId: string) => ReactNode
}

/** The record of one patient the caller may see, loaded by id. */
export function PatientRecord({ patientId, adherencePanel }: { patientId: string } & PatientRecordSlots) {
  const { user } = useSession()
  const patient = usePatient(patientId)
  if (!user) return null
  if (patient.isPending) return <Spinner label="Loading patient…" />
  if (patient.isError) return <DetailError error={patient.error} />
  const options = displayOptionsFor(user.role)
  return (
    <LoadedRecord
      patient={patient.data}
      user={user}
      options={options}
      adherencePanel={options.claimDetails ? adherencePanel : undefined}
    />
  )
}

function LoadedRecord({
  patient,
  user,
  options,
  adherencePanel,
}: {
  patient: Patient
  user: User
  options: DisplayOptions
  adherencePanel: PatientRecordSlots['adherencePanel']
}) {
  const [section, setSection] = useRecordSection(sectionsFor(options))
  return (
    <>
      <RecordSummary patient={patient} options={options} onShowRisk={() => setSection('risk-score')} />
      <div className="grid gap-4 lg:grid-cols-2">
        <PatientFacts patient={patient} role={user.role} />
        <MedicareStatusPanel patientId={patient.id} options={options} />
      </div>
      {adherencePanel?.(patient.id)}
      <RecordSections
        patient={patient}
        user={user}
        options={options}
        section={section}
        onSection={setSection}
      />
    </>
  )
}

type RecordSection = 'medications' | 'claims' | 'risk-score' | 'notes'

const SECTION_LABELS: Record<RecordSection, string> = {
  medications: 'Medications',
  claims: 'Claims',
  'risk-score': 'Risk score',
  notes: 'Notes',
}

/** The record's sections the role may see, in reading order: what the patient takes, then what was billed. */
function sectionsFor(options: DisplayOptions): RecordSection[] {
  return [
    'medications',
    ...(options.claimDetails ? (['claims'] as const) : []),
    ...(options.riskScore ? (['risk-score'] as const) : []),
    'notes',
  ]
}

/**
 * The open section lives in the URL's hash (#claims, #risk-score…), so a section can be linked to, reloaded
 * and reached with the browser's back button; an unknown or forbidden hash opens the first section.
 */
function useRecordSection(
  sections: readonly RecordSection[],
): [RecordSection, (next: RecordSection) => void] {
  const location = useLocation()
  const navigate = useNavigate()
  const fromHash = location.hash.slice(1) as RecordSection
  const current = sections.includes(fromHash) ? fromHash : (sections[0] ?? 'medications')
  const select = (next: RecordSection) =>
    void navigate({ search: location.search, hash: next }, { replace: true })
  return [current, select]
}

/** Who, how fresh, and the score at a glance; the details sit in the sections below. */
function RecordSummary({
  patient,
  options,
  onShowRisk,
}: {
  patient: Patient
  options: DisplayOptions
  onShowRisk: () => void
}) {
  return (
    <section aria-labelledby="record-summary-heading" className="card bg-base-100 border border-base-300">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <h2 id="record-summary-heading" className="card-title">
            Summary
          </h2>
          {options.export ? <ExportButtons patientId={patient.id} /> : null}
        </div>
        <DataFreshness dataAsOf={patient.data_as_of} lastSyncedAt={patient.last_synced_at} />
        <MedicareAccessEnd patient={patient} />
        {options.riskScore ? <RiskHeadline patientId={patient.id} onShowRisk={onShowRisk} /> : null}
      </div>
    </section>
  )
}

/** When Medicare's own access ends, while the newest authorization is approved. */
function MedicareAccessEnd({ patient }: { patient: Patient }) {
  const authorization = patient.authorization
  const end = authorization?.status === 'authorized' ? authorization.medicare_access_ends_at : null
  return end ? <p>{durationSentences('en').medicareAccessEndsAt(end)}</p> : null
}

function RiskHeadline({ patientId, onShowRisk }: { patientId: string; onShowRisk: () => void }) {
  const risk = useRiskScore(patientId, true)
  const explanation = risk.data?.explanation
  if (!explanation) return null
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span>
        Risk score <span className="font-semibold">{formatCoefficient(explanation.payment_score)}</span> (
        {explanation.model}, payment year {explanation.payment_year})
      </span>
      <button type="button" className="btn btn-xs btn-outline" onClick={onShowRisk}>
        How this score is calculated
      </button>
      {risk.data?.substance_use_claims_shared === false ? (
        <span className="basis-full text-sm">{SUBSTANCE_USE_NOT_SHARED_NOTE}</span>
      ) : null}
    </p>
  )
}

type RecordSectionsProps = {
  patient: Patient
  user: User
  options: DisplayOptions
  section: RecordSection
  onSection: (next: RecordSection) => void
}

function RecordSections({ patient, user, options, section, onSection }: RecordSectionsProps) {
  const tabs = sectionsFor(options).map((key) => ({ key, label: SECTION_LABELS[key] }))
  return (
    <Tabs label="Patient data" tabs={tabs} selected={section} onSelect={onSection}>
      {section === 'medications' ? (
        <PatientData patientId={patient.id} options={options} panel="medications" />
      ) : null}
      {section === 'claims' ? <PatientData patientId={patient.id} options={options} panel="claims" /> : null}
      {section === 'risk-score' ? <RiskSection patientId={patient.id} /> : null}
      {section === 'notes' ? <NotesPanel patientId={patient.id} user={user} options={options} /> : null}
    </Tabs>
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
        {risk.data.substance_use_claims_shared === false ? (
          <Alert type="info">{SUBSTANCE_USE_NOT_SHARED_NOTE}</Alert>
        ) : null}
        <RiskScorePanel risk={risk.data.explanation} />
        <RiskContributorsChart risk={risk.data.explanation} />
        <PartDPanel patientId={patientId} />
      </div>
    </div>
  )
}

function PatientData({
  patientId,
  options,
  panel,
}: {
  patientId: string
  options: DisplayOptions
  panel: 'medications' | 'claims'
}) {
  const data = useConsolidated(patientId)
  if (data.isPending) return <Spinner label="Loading patient data…" />
  if (data.isError) return <Alert type="error">{PATIENT_DATA_MESSAGES.loadFailed}</Alert>
  if (panel === 'claims') return <ClaimsPanel claims={data.data.claims} options={options} />
  return <MedicationList medications={data.data.medications} options={options} />
}
