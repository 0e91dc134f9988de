// The admin support inbox. A platform administrator sees every request; an
// organisation's administrator only their organisation's (public contact-form requests have none, so only the
// platform sees them). Subject, message and sender are decrypted for the reading admin only.
import { z } from 'zod'
import { idSchema, isoDateTimeSchema, paginated } from '../shared/common.ts'
import { SUPPORT } from '../shared/constants.ts'
import { defineEndpoint, idParamsSchema } from '../shared/endpoints.ts'

export const SUPPORT_STATUSES = ['new', 'answered', 'closed'] as const
export type SupportStatus = (typeof SUPPORT_STATUSES)[number]
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  new: 'New',
  answered: 'Answered',
  closed: 'Closed',
}

export const SUPPORT_INBOX_MESSAGES = {
  replyRequired: 'Write a reply first.',
  replyTooLong: `The reply must be ${SUPPORT.messageMax} characters or less`,
  replyToClosed: 'This request is closed. Reopen it before replying.',
  noReplyAddress: 'This request left no email address, so it cannot be answered by email.',
  notAnAdmin: 'Choose an administrator who can see this request.',
  alreadyClosed: 'This request is already closed.',
  notClosed: 'This request is not closed.',
  replied: 'Your reply was emailed to the sender.',
  loadFailed: 'Failed to load. Please try again.',
} as const

/** `assignee`: 'me', 'unassigned' or an administrator's id. */
export const supportInboxQuerySchema = z.looseObject({
  status: z.enum(SUPPORT_STATUSES).optional(),
  assignee: z.union([z.enum(['me', 'unassigned']), idSchema]).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
})
export type SupportInboxQuery = z.input<typeof supportInboxQuerySchema>

export const supportAdminSchema = z.object({ id: idSchema, name: z.string(), email: z.string() })
export type SupportAdmin = z.infer<typeof supportAdminSchema>

export const supportInboxItemSchema = z.object({
  id: idSchema,
  reference: z.string(),
  subject: z.string(),
  sender_name: z.string().nullable(),
  /** Null for a public request that left no address: it cannot be answered by email. */
  sender_email: z.string().nullable(),
  organization_id: idSchema.nullable(),
  organization_name: z.string().nullable(),
  source: z.enum(['app', 'public']),
  status: z.enum(SUPPORT_STATUSES),
  assignee: supportAdminSchema.nullable(),
  created_at: isoDateTimeSchema,
})
export type SupportInboxItem = z.infer<typeof supportInboxItemSchema>
export const supportInboxListSchema = paginated(supportInboxItemSchema)
export type SupportInboxList = z.infer<typeof supportInboxListSchema>

export const supportReplyViewSchema = z.object({
  id: idSchema,
  author_name: z.string().nullable(),
  body: z.string(),
  created_at: isoDateTimeSchema,
})
export type SupportReplyView = z.infer<typeof supportReplyViewSchema>

export const supportRequestDetailSchema = supportInboxItemSchema.extend({
  message: z.string(),
  /** The sender's account when they were signed in (null for the public form or a deleted account). */
  account: z
    .object({ id: idSchema, name: z.string(), email: z.string(), role: z.string(), is_active: z.boolean() })
    .nullable(),
  answered_at: isoDateTimeSchema.nullable(),
  closed_at: isoDateTimeSchema.nullable(),
  replies: z.array(supportReplyViewSchema),
  /** Who this request may be assigned to: administrators who can see it, within the reader's own scope. */
  assignable: z.array(supportAdminSchema),
})
export type SupportRequestDetail = z.infer<typeof supportRequestDetailSchema>

export const supportReplySchema = z.object({
  body: z
    .string({ error: SUPPORT_INBOX_MESSAGES.replyRequired })
    .trim()
    .min(1, { error: SUPPORT_INBOX_MESSAGES.replyRequired, abort: true })
    .max(SUPPORT.messageMax, SUPPORT_INBOX_MESSAGES.replyTooLong),
})
export type SupportReply = z.input<typeof supportReplySchema>

/** null unassigns. */
export const supportAssignSchema = z.object({ assignee_id: idSchema.nullable() })
export type SupportAssign = z.infer<typeof supportAssignSchema>

export const supportAdminListSchema = z.object({ results: z.array(supportAdminSchema) })
export type SupportAdminList = z.infer<typeof supportAdminListSchema>

/** '3 days' style age of a request, for the inbox's Age column. */
export function supportAge(createdAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000))
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return hours === 1 ? '1 hour' : `${hours} hours`
  const days = Math.floor(hours / 24)
  return days === 1 ? '1 day' : `${days} days`
}

/** Behind the admin guard; the server filters by the admin's scope (404 outside it). */
export const SUPPORT_INBOX_ENDPOINTS = {
  inbox: defineEndpoint({
    method: 'GET',
    path: '/api/admin/support/',
    access: 'ADMIN_GUARD',
    query: supportInboxQuerySchema,
    answers: { 200: supportInboxListSchema },
  }),
  inboxAdmins: defineEndpoint({
    method: 'GET',
    path: '/api/admin/support/admins/',
    access: 'ADMIN_GUARD',
    answers: { 200: supportAdminListSchema },
  }),
  inboxRequest: defineEndpoint({
    method: 'GET',
    path: '/api/admin/support/:id/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    answers: { 200: supportRequestDetailSchema },
  }),
  assign: defineEndpoint({
    method: 'POST',
    path: '/api/admin/support/:id/assign/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    body: supportAssignSchema,
    answers: { 200: supportRequestDetailSchema },
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/admin/support/:id/reply/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    body: supportReplySchema,
    answers: { 200: supportRequestDetailSchema },
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/api/admin/support/:id/close/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    answers: { 200: supportRequestDetailSchema },
  }),
  reopen: defineEndpoint({
    method: 'POST',
    path: '/api/admin/support/:id/reopen/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    answers: { 200: supportRequestDetailSchema },
  }),
}
