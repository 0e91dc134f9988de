// The Data tab: an approved request's patient record, with the Medicare pull's progress until it has arrived.
import {
  AUTHORIZATION_MESSAGES,
  requestGroup,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { type Role } from '@blueconsent/contract/shared'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { SelectField } from '@/components/ui/select-field.tsx'
import { useNow } from '@/hooks/use-now.ts'
import { useRequest } from '../api/get-request.ts'
import { authorizationKeys } from '../api/keys.ts'
import { HeldForReview, IngestionProgress } from './ingestion-progress.tsx'
import { patientName, patientPageOf } from './request-display.ts'

/** The patient record another feature draws (app/ composes it; features never import each other). */
export type PatientRecordSlot = (patientId: string) => ReactNode

type DataTabProps = {
  role: Role
  approved: readonly AuthorizationRequest[]
  selectedId: string | null
  /** The request list has loaded, so a selected id missing from it is looked up on its own. */
  listReady: boolean
  onSelect: (requestId: string | null) => void
  patientRecord?: PatientRecordSlot
}

const NOT_APPROVED_TEXT = 'This request is not approved, so there is no patient data to show.'
const NOT_DOWNLOADED_TEXT = 'The Medicare data of this request has not been downloaded yet.'

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

export function DataTab({ role, approved, selectedId, listReady, onSelect, patientRecord }: DataTabProps) {
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
      {selected ? (
        <RequestRecord
          key={selected.request_id}
          role={role}
          request={selected}
          patientRecord={patientRecord}
        />
      ) : null}
    </section>
  )
}

/** How often the request (its pull's progress) refreshes while the Medicare pull is queued or running. */
const DOWNLOAD_REFRESH_MS = 3_000

/**
 * While the pull is queued or running, refresh the request every few seconds: otherwise the tab shows the
 * progress until the list's one-minute refresh, and the record only then.
 */
function useRefreshWhileDownloading(running: boolean) {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!running) return
    // The request lists and its detail both sit under this key.
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: authorizationKeys.all }),
      DOWNLOAD_REFRESH_MS,
    )
    return () => clearInterval(timer)
  }, [running, queryClient])
}

const heldForReview = (request: AuthorizationRequest): boolean =>
  request.identity_review.status === 'pending' || request.ingestion.status === 'held_for_review'

function RequestRecord({
  role,
  request,
  patientRecord,
}: {
  role: Role
  request: AuthorizationRequest
  patientRecord: PatientRecordSlot | undefined
}) {
  const running = request.ingestion.status === 'queued' || request.ingestion.status === 'running'
  useRefreshWhileDownloading(running)
  const record = patientPageOf(request, useNow())
  if (heldForReview(request))
    return (
      <Alert type="warning">
        <HeldForReview role={role} />
      </Alert>
    )
  if (!record || !request.patient_id)
    return request.ingestion.status === 'not_started' ? (
      <p>{NOT_DOWNLOADED_TEXT}</p>
    ) : (
      <IngestionProgress ingestion={request.ingestion} viewerRole={role} />
    )
  return (
    <div className="flex flex-col gap-4">
      <p>
        <Link className="link" to={record}>
          Open {patientName(request)}’s patient record
        </Link>
      </p>
      {patientRecord?.(request.patient_id)}
    </div>
  )
}
