// The change-password form (current, new, confirm) shared by /app/change-password and the account's Security
// tab. The caller brings what differs: its validation messages, how a failure reads, the success message.
import { useState, type FormEvent } from 'react'
import { Alert } from '../ui/alert.tsx'
import { PasswordField } from '../ui/password-field.tsx'

export type ChangePasswordValues = {
  old_password: string
  new_password: string
  new_password_confirm: string
}
export type ChangePasswordErrors = Partial<Record<keyof ChangePasswordValues | 'general', string>>

const EMPTY: ChangePasswordValues = { old_password: '', new_password: '', new_password_confirm: '' }

type ChangePasswordFormProps = {
  /** Errors to show before calling the server, or null when the values may be sent. */
  validate: (values: ChangePasswordValues) => ChangePasswordErrors | null
  submit: (values: ChangePasswordValues) => Promise<unknown>
  /** What a failed call shows: field errors and/or a general message. */
  errorsOf: (error: unknown) => ChangePasswordErrors
  successMessage: string
  submitLabel: string
  className?: string
}

export function ChangePasswordForm({
  validate,
  submit,
  errorsOf,
  successMessage,
  submitLabel,
  className = 'card flex flex-col gap-4 bg-base-100 p-6 shadow',
}: ChangePasswordFormProps) {
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<ChangePasswordErrors>({})
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState(false)

  const field = (name: keyof ChangePasswordValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSaved(false)
    const invalid = validate(values)
    if (invalid) return setErrors(invalid)
    setErrors({})
    setSaving(true)
    try {
      await submit(values)
      setValues(EMPTY)
      setSaved(true)
    } catch (error) {
      setErrors(errorsOf(error))
    } finally {
      setSaving(false)
    }
  }

  return (
    <form className={className} onSubmit={(event) => void handleSubmit(event)} noValidate>
      {saved ? <Alert type="success">{successMessage}</Alert> : null}
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
        {saving ? 'Saving…' : submitLabel}
      </button>
    </form>
  )
}
