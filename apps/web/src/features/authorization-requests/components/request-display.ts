// What My Requests shows: hiding rules, the three groups, paging and the renewal window.
import {
  isDisplayExpired,
  requestGroup,
  type AuthorizationRequest,
  type RequestGroup,
} from '@blueconsent/contract/authorization-requests'
import { AUTHORIZATION } from '@blueconsent/contract/shared'

export const GROUP_ORDER: readonly RequestGroup[] = ['pending', 'approved', 'other']
export { REQUEST_GROUP_LABELS as GROUP_LABELS } from '@blueconsent/contract/authorization-requests'

const DAY_MS = 86_400_000

/** Pending and other requests older than 24 hours drop out of the list, and so do cleared ones. */
export function isShown(request: AuthorizationRequest, hiddenIds: ReadonlySet<string>, now: number): boolean {
  if (hiddenIds.has(request.request_id)) return false
  if (requestGroup(request, now) === 'approved') return true
  return now - Date.parse(request.created_at) <= AUTHORIZATION.hideOlderThanMs
}

const newestFirst = (a: AuthorizationRequest, b: AuthorizationRequest) =>
  Date.parse(b.created_at) - Date.parse(a.created_at)

/** Shown requests, pending first, then approved, then the rest; newest first within each group. */
export function visibleRequests(
  requests: readonly AuthorizationRequest[],
  hiddenIds: ReadonlySet<string>,
  now: number,
): AuthorizationRequest[] {
  const shown = requests.filter((request) => isShown(request, hiddenIds, now))
  return GROUP_ORDER.flatMap((group) =>
    shown.filter((request) => requestGroup(request, now) === group).sort(newestFirst),
  )
}

export const pendingCount = (requests: readonly AuthorizationRequest[], now: number): number =>
  requests.filter((request) => requestGroup(request, now) === 'pending').length

export function pageOf<T>(items: readonly T[], page: number, size: number = AUTHORIZATION.listPageSize): T[] {
  return items.slice(page * size, (page + 1) * size)
}

export const pageCount = (total: number, size: number = AUTHORIZATION.listPageSize): number =>
  Math.max(1, Math.ceil(total / size))

/** Renewal: approved, not yet expired, under 30 days left (the role check is the caller's). */
export function inRenewalWindow(request: AuthorizationRequest, now: number): boolean {
  if (request.status !== 'authorized' || !request.expires_at || isDisplayExpired(request, now)) return false
  return Date.parse(request.expires_at) - now < AUTHORIZATION.renewalWindowDays * DAY_MS
}

export const contactText = (request: AuthorizationRequest): string =>
  (request.contact_method === 'phone' ? request.patient_phone : request.patient_email) ?? ''

export const patientName = (request: AuthorizationRequest): string =>
  request.patient_name || request.metadata.patient_name

/** The patient's page, for a request whose Medicare data has arrived; null before that. */
export function patientPageOf(request: AuthorizationRequest, now: number): string | null {
  if (!request.patient_id || requestGroup(request, now) !== 'approved') return null
  if (request.ingestion.status !== 'completed') return null
  return `/app/patient/${encodeURIComponent(request.patient_id)}`
}
