// The actions of My Requests with the catalogue's error messages.
import {
  AUTHORIZATION_MESSAGES,
  AUTHORIZATION_STATUS_LABELS,
  PENDING_AUTHORIZATION_STATUSES,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { useState } from 'react'
import { isApiError } from '@/lib/api-error.ts'
import { useRenewRequest } from '../api/renew-request.ts'
import { useCheckStatus } from '../api/request-status.ts'
import { useResendRequest } from '../api/resend-request.ts'
import { useRevokeRequest } from '../api/revoke-request.ts'
import { patientName } from './request-display.ts'

export type ActionOutcome = { kind: 'success' | 'error'; text: string }
export type RequestAction = 'revoke' | 'resend' | 'status' | 'renew'

/** A 4xx with a server explanation (resend limit, not pending) says why; anything else gets the catalogue text. */
function failure(error: unknown, action: RequestAction): string {
  const fallback = FAILURES[action]
  if (action === 'resend' && isApiError(error) && error.status === 429)
    return AUTHORIZATION_MESSAGES.resendLimit
  if (
    isApiError(error) &&
    error.kind === 'http' &&
    error.status < 500 &&
    error.status !== 401 &&
    error.detail
  )
    return `${fallback}: ${error.detail}`
  return fallback
}

export function useRequestActions() {
  const revoke = useRevokeRequest()
  const resend = useResendRequest()
  const status = useCheckStatus()
  const renew = useRenewRequest()
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null)
  const [busy, setBusy] = useState<{ id: string; action: RequestAction } | null>(null)

  async function run(request: AuthorizationRequest, action: RequestAction) {
    setBusy({ id: request.request_id, action })
    setOutcome(null)
    try {
      setOutcome({ kind: 'success', text: await perform(request, action) })
    } catch (error) {
      setOutcome({ kind: 'error', text: failure(error, action) })
    } finally {
      setBusy(null)
    }
  }

  async function perform(request: AuthorizationRequest, action: RequestAction): Promise<string> {
    const name = patientName(request)
    if (action === 'revoke') {
      const wasPending = PENDING_AUTHORIZATION_STATUSES.includes(request.status)
      await revoke.mutateAsync(request.request_id)
      return wasPending ? `Request for ${name} cancelled.` : `Authorization for ${name} revoked.`
    }
    if (action === 'resend') {
      await resend.mutateAsync(request.request_id)
      return `Request resent to ${name}.`
    }
    if (action === 'renew') {
      await renew.mutateAsync(request.request_id)
      return `Renewal request sent to ${name}.`
    }
    const result = await status.mutateAsync(request.request_id)
    return `Status for ${name}: ${AUTHORIZATION_STATUS_LABELS[result.status]}${result.message ? `. ${result.message}` : ''}`
  }

  return { run, outcome, busy, clearOutcome: () => setOutcome(null) }
}

const FAILURES: Record<RequestAction, string> = {
  revoke: AUTHORIZATION_MESSAGES.revokeFailed,
  resend: AUTHORIZATION_MESSAGES.resendFailed,
  status: AUTHORIZATION_MESSAGES.statusFailed,
  renew: AUTHORIZATION_MESSAGES.createFailed,
}
