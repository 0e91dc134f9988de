// The Data tab: medications, claims (providers) and the explained risk score of one approved request.
import {
  AUTHORIZATION_MESSAGES,
  requestGroup,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import {
  PATIENT_DATA_MESSAGES,
  type Claim,
  type Medication,
  type RequestData,
} from '@blueconsent/contract/patients'
import { displayOptionsFor, type DisplayOptions, type Role } from '@blueconsent/contract/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { isApiError } from '../../../lib/api-error.ts'
import { useRequest } from '../api/get-request.ts'
import { authorizationKeys } from '../api/keys.ts'
import { useRequestData } from '../api/request-data.ts'
import { ClaimsTable, newestClaimsFirst } from '../../../components/patient-data/claims-table.tsx'
import { HeldForReview, IngestionProgress } from './ingestion-progress.tsx'
import { MedicationsTable } from '../../../components/patient-data/medications-table.tsx'
import { Pager } from '@/components/ui/pager.tsx'
import { pageCount, pageOf } from '@/components/ui/paging.ts'
import { patientName, patientPageOf } from './request-display.ts'
import { Link } from 'react-router'
import { useNow } from '@/hooks/use-now.ts'
import { RiskScorePanel } from '../../../components/patient-data/risk-score-panel.tsx'
import { Tabs } from '@/components/ui/tabs.tsx'
import { SelectField } from '@/components/ui/select-field.tsx'

type DataTabProps = {
  role: Role
  approved: readonly AuthorizationRequest[]
  selectedId: string | null
  /** The request list has loaded, so a selected id missing from it is looked up on its own. */
  listReady: boolean
  onSelect: (requestId: string | null) => void
}

const NOT_APPROVED_TEXT = 'This request is not approved, so there is no patient data to show.'

/** The selected request: from the list, else fetched by id (a link to a cleared or older request). */
function useSelectedRequest(
  approved: readonly AuthorizationRequest[],
  selectedId: string | null,
  listReady: boolean,
) {
  const listed = approved.find((request) => request.request_id === selectedId) ?? null
  const detail = useRequest(selectedId, listReady && selectedId != null && listed == null)
  if (listed || !selectedId || !listReady) return { request: listed, problem: null }
  if (detail.isError) return { request: null, problem: AUTHORIZATION_MESSAGES.detailsFailed }
  if (!detail.data) return { request: null, problem: null }
  if (requestGroup(detail.data) !== 'approved') return { request: null, problem: NOT_APPROVED_TEXT }
  return { request: detail.data, problem: null }
}

export function DataTab({ role, approved, selectedId, listReady, onSelect }: DataTabProps) {
  const { request: selected, problem } = useSelectedRequest(approved, selectedId, listReady)
  const options = selected && !approved.includes(selected) ? [selected, ...approved] : approved
  return (
    <section className="flex flex-col gap-4" aria-labelledby="data-heading">
      <h2 id="data-heading" className="text-xl font-semibold">
        Patient data
      </h2>
      {options.length === 0 ? (
        <p>No approved requests yet. Data appears here once a patient approves your request.</p>
      ) : (
        <SelectField
          label="Approved request"
          className="w-full max-w-md"
          value={selected?.request_id ?? ''}
          onChange={(event) => onSelect(event.target.value || null)}
        >
          <option value="">Choose a patient</option>
          {options.map((request) => (
            <option key={request.request_id} value={request.request_id}>
              {patientName(request)}
              {request.patient_mrn ? ` (MRN ${request.patient_mrn})` : ''}
            </option>
          ))}
        </SelectField>
      )}
      {problem ? <Alert type="error">{problem}</Alert> : null}
      {selected ? <RequestDataView key={selected.request_id} role={role} request={selected} /> : null}
    </section>
  )
}

function DataError({ error, role }: { error: unknown; role: Role }) {
  if (isApiError(error) && error.code === 'held_for_review')
    return (
      <Alert type="warning">
        <HeldForReview role={role} />
      </Alert>
    )
  return <Alert type="error">{PATIENT_DATA_MESSAGES.loadFailed}</Alert>
}

/** How often the progress and the data refresh while the Medicare pull is queued or running. */
const DOWNLOAD_REFRESH_MS = 3_000

/**
 * While the pull is queued or running, refresh the request (its progress) and the data every few seconds,
 * and the data once more when the pull ends: otherwise the tab shows the empty first answer until the
 * list's one-minute refresh, and the data not even then.
 */
function useRefreshWhileDownloading(running: boolean, refetchData: () => unknown) {
  const queryClient = useQueryClient()
  const wasRunning = useRef(running)
  useEffect(() => {
    if (wasRunning.current && !running) void refetchData()
    wasRunning.current = running
    if (!running) return
    // The request lists, its detail and its data all sit under this key.
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: authorizationKeys.all }),
      DOWNLOAD_REFRESH_MS,
    )
    return () => clearInterval(timer)
  }, [running, queryClient, refetchData])
}

function RequestDataView({ role, request }: { role: Role; request: AuthorizationRequest }) {
  const query = useRequestData(request.request_id)
  const running = request.ingestion.status === 'queued' || request.ingestion.status === 'running'
  useRefreshWhileDownloading(running, query.refetch)
  return (
    <div className="flex flex-col gap-4">
      {running ? <IngestionProgress ingestion={request.ingestion} viewerRole={role} /> : null}
      {query.isPending ? <Spinner label="Loading patient data…" /> : null}
      {query.isError ? <DataError error={query.error} role={role} /> : null}
      <PatientRecordLink request={request} />
      {query.data ? <PatientData role={role} data={query.data} /> : null}
    </div>
  )
}

/**
 * The patient's record is the one full view of their data (notes, filters, claim details, exports); this tab
 * shows the same tables for a quick look and leads there once the data has arrived.
 */
function PatientRecordLink({ request }: { request: AuthorizationRequest }) {
  const href = patientPageOf(request, useNow())
  if (!href) return null
  return (
    <p>
      <Link className="link" to={href}>
        Open {patientName(request)}’s patient record
      </Link>
    </p>
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
            <Medications medications={data.data.medications} options={options} />
          ) : (
            <PagedClaims claims={data.data.claims} options={options} />
          )}
        </Tabs>
      ) : (
        <>
          <h3 className="text-lg font-semibold">Medications</h3>
          <Medications medications={data.data.medications} options={options} />
        </>
      )}
    </div>
  )
}

function Medications({
  medications,
  options,
}: {
  medications: readonly Medication[]
  options: DisplayOptions
}) {
  if (medications.length === 0) return <p>{PATIENT_DATA_MESSAGES.noMedications}</p>
  return <MedicationsTable medications={medications} columns={options} />
}

// The request's data shows every amount of a claim: there is no claim detail page to open from here.
const DATA_TAB_AMOUNTS = ['allowed_cents', 'medicare_paid_cents', 'patient_pays_cents'] as const

function PagedClaims({ claims, options }: { claims: readonly Claim[]; options: DisplayOptions }) {
  const [page, setPage] = useState(0)
  if (claims.length === 0) return <p>{PATIENT_DATA_MESSAGES.noClaims}</p>
  const pages = pageCount(claims.length, options.claimsPerPage)
  const current = Math.min(page, pages - 1)
  return (
    <div className="flex flex-col gap-2">
      <ClaimsTable
        claims={pageOf(newestClaimsFirst(claims), current, options.claimsPerPage)}
        columns={options}
        amounts={DATA_TAB_AMOUNTS}
      />
      <Pager page={current} pages={pages} label="Claims pages" onPage={setPage} />
    </div>
  )
}
