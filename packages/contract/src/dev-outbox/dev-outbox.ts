// The local outbox (demo mode): every email and SMS the portal would have sent.
import { z } from 'zod'
import { defineEndpoint } from '../shared/endpoints.ts'

export const outboxChannelSchema = z.enum(['email', 'sms'])
export type OutboxChannel = z.infer<typeof outboxChannelSchema>

export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: outboxChannelSchema,
  to: z.string(),
  subject: z.string().nullable(),
  body_text: z.string(),
  links: z.array(z.string()),
  status: z.enum(['queued', 'sent', 'failed', 'held']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
})
export type OutboxMessage = z.infer<typeof outboxMessageSchema>

export const outboxListSchema = z.object({ results: z.array(outboxMessageSchema) })

/** POST /api/dev/sms-reply/ (demo only): answer an outbox SMS as the patient would. */
export const devSmsReplyRequestSchema = z.object({
  message_id: z.string().uuid(),
  body: z.string().trim().min(1).max(320),
})
export type DevSmsReplyRequest = z.infer<typeof devSmsReplyRequestSchema>

export const devSmsReplyResponseSchema = z.object({
  action: z.enum(['opted_in', 'opted_out', 'help', 'ignored']),
  requests: z.number().int().nonnegative(),
})
export type DevSmsReplyResponse = z.infer<typeof devSmsReplyResponseSchema>

/**
 * The demo's tools: registered only with DEV_TOOLS, served only to clients on this machine unless
 * DEV_TOOLS_REMOTE is set.
 */
export const DEV_OUTBOX_ENDPOINTS = {
  outbox: defineEndpoint({
    method: 'GET',
    path: '/api/dev/outbox/',
    access: 'DEV_TOOLS',
    answers: { 200: outboxListSchema },
  }),
  /** Answers an outbox SMS as the patient: the same service as Twilio's inbound webhook. */
  smsReply: defineEndpoint({
    method: 'POST',
    path: '/api/dev/sms-reply/',
    access: 'DEV_TOOLS',
    body: devSmsReplyRequestSchema,
    answers: { 200: devSmsReplyResponseSchema },
  }),
}
