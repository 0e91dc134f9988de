// One request in My Requests: who, how contacted, status, time left, data download progress and actions.
import {
  requestGroup,
  requestTimeText,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { MEDICARE_ACCESS_ENDS_LABEL, medicareAccessEndText } from '@blueconsent/contract/durations'
import type { Role } from '@blueconsent/contract/shared'
import { IngestionProgress } from './ingestion-progress.tsx'
import type { RequestAction } from './request-actions.ts'
import { Link } from 'react-router'
import { contactText, inRenewalWindow, patientName, patientPageOf } from './request-display.ts'
import { StatusBadge } from './status-badge.tsx'

type RequestCardProps = {
  request: AuthorizationRequest
  now: number
  showMrn: boolean
  canRenew: boolean
  viewerRole: Role
  busyAction: RequestAction | null
  onAction: (request: AuthorizationRequest, action: RequestAction) => void
  onViewData: (request: AuthorizationRequest) => void
}

export function RequestCard({
  request,
  now,
  showMrn,
  canRenew,
  viewerRole,
  busyAction,
  onAction,
  onViewData,
}: RequestCardProps) {
  const group = requestGroup(request, now)
  const name = patientName(request)
  const time = requestTimeText(request, now)
  const medicareEnd = medicareAccessEndText(request.medicare_access_ends_at)
  const button = (action: RequestAction, label: string, style = 'btn-outline') => (
    <button
      type="button"
      className={`btn btn-sm ${style}`}
      disabled={busyAction !== null}
      aria-label={`${label} for ${name}`}
      onClick={() => onAction(request, action)}
    >
      {busyAction === action ? `${label}…` : label}
    </button>
  )
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="font-semibold">
            <PatientName request={request} now={now} />
          </h3>
          <StatusBadge request={request} now={now} />
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{request.contact_method === 'phone' ? 'Phone' : 'Email'}</dt>
          <dd className="break-all">{contactText(request)}</dd>
          {showMrn && request.patient_mrn ? (
            <>
              <dt className="font-medium">MRN</dt>
              <dd>{request.patient_mrn}</dd>
            </>
          ) : null}
          <dt className="font-medium">Sent</dt>
          <dd>{new Date(request.created_at).toLocaleString()}</dd>
          {time ? (
            <>
              <dt className="font-medium">{group === 'other' ? 'Ended' : 'Time left'}</dt>
              <dd>{time}</dd>
            </>
          ) : null}
          {medicareEnd ? (
            <>
              <dt className="font-medium">{MEDICARE_ACCESS_ENDS_LABEL}</dt>
              <dd>{medicareEnd}</dd>
            </>
          ) : null}
        </dl>
        {request.message ? <p className="text-sm">{request.message}</p> : null}
        {group === 'approved' ? (
          <IngestionProgress ingestion={request.ingestion} viewerRole={viewerRole} />
        ) : null}
        <div className="card-actions mt-1">
          {group === 'pending' ? (
            <>
              {button('status', 'Check status')}
              {button('resend', 'Resend')}
              {button('revoke', 'Cancel', 'btn-error')}
            </>
          ) : null}
          {group === 'approved' ? (
            <>
              <button
                type="button"
                className="btn btn-sm btn-primary"
                aria-label={`View data for ${name}`}
                onClick={() => onViewData(request)}
              >
                View data
              </button>
              {canRenew && inRenewalWindow(request, now) ? button('renew', 'Renew') : null}
              {button('revoke', 'Revoke', 'btn-error')}
            </>
          ) : null}
        </div>
      </div>
    </li>
  )
}

/** The patient's name, a link to their page once the request's data has arrived. */
export function PatientName({ request, now }: { request: AuthorizationRequest; now: number }) {
  const page = patientPageOf(request, now)
  const name = patientName(request)
  return page ? (
    <Link className="link" to={page}>
      {name}
    </Link>
  ) : (
    <>{name}</>
  )
}
