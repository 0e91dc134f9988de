// The dev-only outbox: every email and SMS the portal would have sent, in demo mode.
import type { DevSmsReplyRequest } from '@blueconsent/contract/dev-outbox'
import { queryOptions } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

// Public on purpose: the outbox is for demos and tests, where nobody may be signed in; the server
// answers 404 unless dev tools are enabled.
export const fetchOutbox = () => callEndpoint('dev-outbox.outbox', { public: true })

export const outboxQueryOptions = () =>
  queryOptions({ queryKey: ['dev-outbox'], queryFn: fetchOutbox, retry: false, refetchInterval: 5000 })

/** Answers an outbox SMS as the patient (demo only): runs the same service as Twilio's webhook. */
export const replyAsPatient = (request: DevSmsReplyRequest) =>
  callEndpoint('dev-outbox.smsReply', { body: request, public: true })
