// Support requests: a signed-in user's and the public contact form's, both answered with a request id and
// acknowledged by email.
import { z } from 'zod'
import { SUPPORT } from '../shared/constants.ts'
import { defineEndpoint } from '../shared/endpoints.ts'

export const SUPPORT_MESSAGES = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be ${SUPPORT.subjectMax} characters or less`,
  messageRequired: 'Message is required',
  messageTooShort: `Message must be at least ${SUPPORT.messageMin} characters`,
  messageTooLong: `Message must be ${SUPPORT.messageMax} characters or less`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  nameTooLong: 'Name must be 150 characters or less',
  fixErrors: 'Please fix the following errors:',
  failed: 'An error occurred while submitting your request. Please try again later.',
  submitted: 'Your support request has been submitted successfully.',
  replyPromise: `We'll respond to your email within ${SUPPORT.replyHours} hours.`,
  submit: 'Submit Support Request',
  submitting: 'Submitting...',
  submitAnother: 'Submit Another Request',
} as const

/** Where people reach support besides the form; shown on the contact page. */
export const SUPPORT_CONTACT = {
  email: 'support@blueconsent.app',
  hours: 'Monday to Friday, 8:00 a.m. to 6:00 p.m. Eastern Time (US federal holidays excepted)',
} as const

/** The public form's hidden field. People never see it; bots that fill every input do. */
export const SUPPORT_HONEYPOT_FIELD = 'website'

const subjectSchema = z
  .string({ error: SUPPORT_MESSAGES.subjectRequired })
  .trim()
  .min(1, { error: SUPPORT_MESSAGES.subjectRequired, abort: true })
  .max(SUPPORT.subjectMax, SUPPORT_MESSAGES.subjectTooLong)

const messageSchema = z
  .string({ error: SUPPORT_MESSAGES.messageRequired })
  .trim()
  .min(1, { error: SUPPORT_MESSAGES.messageRequired, abort: true })
  .min(SUPPORT.messageMin, SUPPORT_MESSAGES.messageTooShort)
  .max(SUPPORT.messageMax, SUPPORT_MESSAGES.messageTooLong)

/** POST /api/support/: values are trimmed; subject 1–200, message 10–5000 characters. */
export const supportRequestSchema = z.object({ subject: subjectSchema, message: messageSchema })
export type SupportRequest = z.input<typeof supportRequestSchema>

const senderEmailSchema = z
  .string({ error: SUPPORT_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: SUPPORT_MESSAGES.emailRequired, abort: true })
  .max(254, SUPPORT_MESSAGES.emailInvalid)
  .pipe(z.email(SUPPORT_MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase())

/**
 * POST /api/support/public/: the same payload (subject, message), plus, optionally, who to answer: the public
 * form asks for an address, a caller that sends none gets no acknowledgement and no reply by email. The
 * honeypot is accepted whatever it holds, so a bot sees the usual answer; the server acts only when it is
 * empty.
 */
export const supportPublicRequestSchema = supportRequestSchema.extend({
  email: senderEmailSchema.optional(),
  name: z
    .string()
    .trim()
    .max(150, SUPPORT_MESSAGES.nameTooLong)
    .optional()
    .transform((name) => (name ? name : undefined)),
  [SUPPORT_HONEYPOT_FIELD]: z.string().max(2000).optional(),
})
export type SupportPublicRequest = z.input<typeof supportPublicRequestSchema>

/** True when the hidden field was filled: the request is answered like any other and nothing else happens. */
export const isHoneypotFilled = (body: { [SUPPORT_HONEYPOT_FIELD]?: string | undefined }): boolean =>
  (body[SUPPORT_HONEYPOT_FIELD] ?? '').trim() !== ''

/** 'SR-' and eight characters without look-alikes (no 0/O, 1/I/L). */
export const SUPPORT_REFERENCE_PATTERN = /^SR-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/

export const supportResponseSchema = z.object({ request_id: z.string(), detail: z.string() })
export type SupportResponse = z.infer<typeof supportResponseSchema>

export const SUPPORT_ENDPOINTS = {
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/support/',
    access: 'SIGNED_IN',
    body: supportRequestSchema,
    answers: { 201: supportResponseSchema },
  }),
  /** The public contact form: no sign-in. */
  submitPublic: defineEndpoint({
    method: 'POST',
    path: '/api/support/public/',
    access: 'PUBLIC',
    body: supportPublicRequestSchema,
    answers: { 201: supportResponseSchema },
  }),
}
