// Announces status changes that arrive with a list refresh ('Ann Lee: Approved') through a polite live region,
// so screen-reader users hear about consent answers without re-reading the list.
import {
  AUTHORIZATION_STATUS_LABELS,
  type AuthorizationRequest,
} from '@blueconsent/contract/authorization-requests'
import { useEffect, useRef, useState } from 'react'
import { patientName } from './request-display.ts'

export function useStatusAnnouncer(requests: readonly AuthorizationRequest[] | undefined): string {
  const previous = useRef<Map<string, AuthorizationRequest['status']> | null>(null)
  const [message, setMessage] = useState('')
  useEffect(() => {
    if (!requests) return
    const before = previous.current
    previous.current = new Map(requests.map((request) => [request.request_id, request.status]))
    if (!before) return
    const changed = requests.filter(
      (request) => before.has(request.request_id) && before.get(request.request_id) !== request.status,
    )
    if (changed.length > 0) {
      setMessage(
        changed
          .map((request) => `${patientName(request)}: ${AUTHORIZATION_STATUS_LABELS[request.status]}`)
          .join('. '),
      )
    }
  }, [requests])
  return message
}
