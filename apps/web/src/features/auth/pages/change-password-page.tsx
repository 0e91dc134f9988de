import { PASSWORD_CHANGED_MESSAGE, passwordChangeSchema } from '@blueconsent/contract/auth'
import { useState, type FormEvent } from 'react'
import { Alert } from '../../../components/ui/alert.tsx'
import { PasswordField } from '../../../components/ui/password-field.tsx'
import { isApiError } from '../../../lib/api-error.ts'
import { zodFieldErrors } from '../../../lib/form-errors.ts'
import { changePassword } from '../api/auth-api.ts'

export const CHANGE_PASSWORD_MESSAGES = {
  failed: 'Failed to update password',
  unexpected: 'An error occurred. Please try again.',
} as const

type Errors = {
  old_password?: string
  new_password?: string
  new_password_confirm?: string
  general?: string
}
const EMPTY = { old_password: '', new_password: '', new_password_confirm: '' }

/** Field errors on the three fields, detail or non_field_errors as the general message. */
export function changePasswordErrors(error: unknown): Errors {
  if (!isApiError(error) || error.kind !== 'http') return { general: CHANGE_PASSWORD_MESSAGES.unexpected }
  const fields = error.fieldErrors ?? {}
  const result: Errors = {
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

/** /app/change-password */
export function ChangePasswordPage() {
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Errors>({})
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState(false)

  const field = (name: keyof typeof EMPTY) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSaved(false)
    const parsed = passwordChangeSchema.safeParse(values)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setSaving(true)
    try {
      await changePassword(parsed.data)
      setValues(EMPTY)
      setSaved(true)
    } catch (error) {
      setErrors(changePasswordErrors(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="mx-auto w-full max-w-lg">
      <h1 className="mb-4 text-2xl font-bold">Change Password</h1>
      <form
        className="card flex flex-col gap-4 bg-base-100 p-6 shadow"
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
      >
        {saved ? <Alert type="success">{PASSWORD_CHANGED_MESSAGE}</Alert> : null}
        {errors.general ? <Alert type="error">{errors.general}</Alert> : null}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          {...field('old_password')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters."
          required
          {...field('new_password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...field('new_password_confirm')}
        />
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving…' : 'Update password'}
        </button>
      </form>
    </div>
  )
}
