// Password reset (request, confirm) and password change; the API's passwords feature serves them.
import { z } from 'zod'
import { detailSchema } from '../shared/common.ts'
import { defineEndpoint } from '../shared/endpoints.ts'
import { MESSAGES, passwordSchema } from '../shared/validators.ts'

export const passwordResetRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .refine((value) => value.includes('@'), MESSAGES.email),
})
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>

export const PASSWORD_RESET_SENT_MESSAGE =
  'If an account with this email exists, a password reset link has been sent.'
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been reset successfully.'
export const PASSWORD_CHANGED_MESSAGE = 'Password updated successfully'

export const passwordResetConfirmSchema = z
  .object({
    uid: z.string().min(1, MESSAGES.required).max(200),
    token: z.string().min(1, MESSAGES.required).max(500),
    password: passwordSchema,
    password_confirm: z.string().max(256),
  })
  .refine((body) => body.password === body.password_confirm, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['password_confirm'],
  })
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>

export const passwordChangeSchema = z
  .object({
    old_password: z.string().min(1, MESSAGES.currentPasswordRequired).max(256),
    new_password: z.string().min(1, MESSAGES.newPasswordRequired).min(8, MESSAGES.passwordMinChange).max(256),
    new_password_confirm: z.string().max(256),
  })
  .refine((body) => body.new_password === body.new_password_confirm, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ['new_password_confirm'],
  })
export type PasswordChange = z.infer<typeof passwordChangeSchema>

/** Server messages for the password flows (shown by the forms as field or general errors). */
export const PASSWORD_RESET_INVALID_TOKEN_MESSAGE = 'The reset link is invalid or has expired.'
export const OLD_PASSWORD_INCORRECT_MESSAGE = 'Your current password is incorrect.'

/** Reset is public (the emailed link's uid and token are the credential); change is for the signed-in user. */
export const PASSWORD_ENDPOINTS = {
  requestReset: defineEndpoint({
    method: 'POST',
    path: '/api/users/password-reset/',
    access: 'PUBLIC',
    body: passwordResetRequestSchema,
    answers: { 200: detailSchema },
  }),
  confirmReset: defineEndpoint({
    method: 'POST',
    path: '/api/users/password-reset-confirm/',
    access: 'PUBLIC',
    body: passwordResetConfirmSchema,
    answers: { 200: detailSchema },
  }),
  change: defineEndpoint({
    method: 'POST',
    path: '/api/users/password-change/',
    access: 'SIGNED_IN',
    body: passwordChangeSchema,
    answers: { 200: detailSchema },
  }),
}
