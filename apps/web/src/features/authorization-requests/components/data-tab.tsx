// The Data tab: medications, claims (providers) and the explained risk score of one approved request.
import { PATIENT_DATA_MESSAGES, displayOptionsFor, type AuthorizationRequest, type RequestData, type Role } from '@blueconsent/contract'
import { useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { isApiError } from '../../../lib/api-error.ts'
import { useRequestData } from '../api/request-data.ts'
import { ClaimsTable } from './claims-table.tsx'
import { HELD_FOR_REVIEW_TEXT, IngestionProgress } from './ingestion-progress.tsx'
import { MedicationsTable } from './medications-table.tsx'
import { patientName } from './request-display.ts'
import { RiskScorePanel } from './risk-score-panel.tsx'
import { Tabs } from './tabs.tsx'

type DataTabProps = {
  role: Role
  approved: readonly AuthorizationRequest[]
  selectedId: string | null
  onSelect: (requestId: string | null) => void
}

export function DataTab({ role, approved, selectedId, onSelect }: DataTabProps) {
  const selectId = useId()
  const selected = approved.find((request) => request.request_id === selectedId) ?? null
  return (
    <section className="flex flex-col gap-4" aria-labelledby="data-heading">
      <h2 id="data-heading" className="text-xl font-semibold">
        Patient data
      </h2>
      {approved.length === 0 ? (
        <p>No approved requests yet. Data appears here once a patient approves your request.</p>
      ) : (
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium">
            Approved request
          </label>
          <select id={selectId} className="select w-full max-w-md" value={selected?.request_id ?? ''} onChange={(event) => onSelect(event.target.value || null)}>
            <option value="">Choose a patient</option>
            {approved.map((request) => (
              <option key={request.request_id} value={request.request_id}>
                {patientName(request)}
                {request.patient_mrn ? ` (MRN ${request.patient_mrn})` : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      {selected ? <RequestDataView key={selected.request_id} role={role} request={selected} /> : null}
    </section>
  )
}

function dataErrorText(error: unknown): string {
  if (isApiError(error) && error.code === 'held_for_review') return HELD_FOR_REVIEW_TEXT
  return PATIENT_DATA_MESSAGES.loadFailed
}

function RequestDataView({ role, request }: { role: Role; request: AuthorizationRequest }) {
  const query = useRequestData(request.request_id)
  const running = request.ingestion.status === 'queued' || request.ingestion.status === 'running'
  return (
    <div className="flex flex-col gap-4">
      {running ? <IngestionProgress ingestion={request.ingestion} /> : null}
      {query.isPending ? <Spinner label="Loading patient data…" /> : null}
      {query.isError ? <Alert type="error">{dataErrorText(query.error)}</Alert> : null}
      {query.data ? <PatientData role={role} data={query.data} /> : null}
    </div>
  )
}

type DataPanel = 'medications' | 'claims'

function PatientData({ role, data }: { role: Role; data: RequestData }) {
  const options = displayOptionsFor(role)
  const [panel, setPanel] = useState<DataPanel>('medications')
  const showClaims = options.claimDetails
  return (
    <div className="flex flex-col gap-4">
      {data.data_as_of ? <p>Data as of {new Date(data.data_as_of).toLocaleString()}.</p> : null}
      {options.riskScore && data.risk_score ? <RiskScorePanel risk={data.risk_score} /> : null}
      {showClaims ? (
        <Tabs
          label="Patient data"
          tabs={[
            { key: 'medications', label: 'Medications' },
            { key: 'claims', label: 'Claims' },
          ]}
          selected={panel}
          onSelect={setPanel}
        >
          {panel === 'medications' ? (
            <MedicationsTable medications={data.data.medications} />
          ) : (
            <ClaimsTable claims={data.data.claims} showCosts={options.costs} perPage={options.claimsPerPage} />
          )}
        </Tabs>
      ) : (
        <>
          <h3 className="text-lg font-semibold">Medications</h3>
          <MedicationsTable medications={data.data.medications} />
        </>
      )}
    </div>
  )
}
