import { PASSWORD_CHANGED_MESSAGE, passwordChangeSchema } from '@blueconsent/contract/auth'
import {
  ChangePasswordForm,
  type ChangePasswordErrors,
  type ChangePasswordValues,
} from '@/components/account/change-password-form.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { zodFieldErrors } from '@/lib/form-errors.ts'
import { changePassword } from '../api/auth-api.ts'

export const CHANGE_PASSWORD_MESSAGES = {
  failed: 'Failed to update password',
  unexpected: 'An error occurred. Please try again.',
} as const

/** Field errors on the three fields, detail or non_field_errors as the general message. */
export function changePasswordErrors(error: unknown): ChangePasswordErrors {
  if (!isApiError(error) || error.kind !== 'http') return { general: CHANGE_PASSWORD_MESSAGES.unexpected }
  const fields = error.fieldErrors ?? {}
  const result: ChangePasswordErrors = {
    old_password: fields.old_password?.[0],
    new_password: fields.new_password?.[0],
    new_password_confirm: fields.new_password_confirm?.[0],
    general: fields.non_field_errors?.[0] ?? error.detail ?? undefined,
  }
  if (!result.old_password && !result.new_password && !result.new_password_confirm && !result.general) {
    result.general = CHANGE_PASSWORD_MESSAGES.failed
  }
  return result
}

function validate(values: ChangePasswordValues): ChangePasswordErrors | null {
  const parsed = passwordChangeSchema.safeParse(values)
  return parsed.success ? null : zodFieldErrors(parsed.error)
}

/** /app/change-password */
export function ChangePasswordPage() {
  return (
    <div className="mx-auto w-full max-w-lg">
      <h1 className="mb-4 text-2xl font-bold">Change Password</h1>
      <ChangePasswordForm
        validate={validate}
        submit={changePassword}
        errorsOf={changePasswordErrors}
        successMessage={PASSWORD_CHANGED_MESSAGE}
        submitLabel="Update password"
      />
    </div>
  )
}
