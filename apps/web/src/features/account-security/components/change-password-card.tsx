// The Security tab's password change, with the account page's messages.
import {
  ChangePasswordForm,
  type ChangePasswordErrors,
  type ChangePasswordValues,
} from '@/components/account/change-password-form.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { changePassword } from '../api/security-api.ts'

export const ACCOUNT_PASSWORD_MESSAGES = {
  success: 'Password changed successfully!',
  failed: 'Failed to change password. Please check your current password.',
  minLength: 'Password must be at least 8 characters long',
  mismatch: 'New passwords do not match',
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
} as const

export function validateAccountPassword(values: ChangePasswordValues): ChangePasswordErrors | null {
  const errors: ChangePasswordErrors = {}
  if (!values.old_password) errors.old_password = ACCOUNT_PASSWORD_MESSAGES.currentRequired
  if (!values.new_password) errors.new_password = ACCOUNT_PASSWORD_MESSAGES.newRequired
  else if (values.new_password.length < 8) errors.new_password = ACCOUNT_PASSWORD_MESSAGES.minLength
  if (values.new_password && values.new_password !== values.new_password_confirm)
    errors.new_password_confirm = ACCOUNT_PASSWORD_MESSAGES.mismatch
  return Object.keys(errors).length > 0 ? errors : null
}

/** The server's field messages under their fields; the general message is its detail or the spec's fallback. */
export function accountPasswordErrors(error: unknown): ChangePasswordErrors {
  const fields = isApiError(error) ? (error.fieldErrors ?? {}) : {}
  return {
    old_password: fields.old_password?.[0],
    new_password: fields.new_password?.[0],
    new_password_confirm: fields.new_password_confirm?.[0],
    general:
      (isApiError(error) ? (fields.non_field_errors?.[0] ?? error.detail) : null) ??
      ACCOUNT_PASSWORD_MESSAGES.failed,
  }
}

export function ChangePasswordCard() {
  return (
    <section aria-labelledby="change-password-heading" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <h2 id="change-password-heading" className="card-title">
          Change password
        </h2>
        <ChangePasswordForm
          className="flex flex-col gap-4"
          validate={validateAccountPassword}
          submit={changePassword}
          errorsOf={accountPasswordErrors}
          successMessage={ACCOUNT_PASSWORD_MESSAGES.success}
          submitLabel="Change password"
        />
      </div>
    </section>
  )
}
