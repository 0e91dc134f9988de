import { PASSWORD_RESET_DONE_MESSAGE, passwordResetConfirmSchema } from '@blueconsent/contract/auth'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { PasswordField } from '@/components/ui/password-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { zodFieldErrors } from '@/lib/form-errors.ts'
import { confirmPasswordReset } from '../api/auth-api.ts'

export const RESET_CONFIRM_MESSAGES = {
  invalidLink: 'An error occurred. The reset link may be invalid or expired.',
  network: 'A network error occurred. Please try again.',
} as const

const REDIRECT_AFTER_SUCCESS_MS = 3000
type Errors = { password?: string; password_confirm?: string; general?: string }

/** Field errors on password and password_confirm; token, uid, non_field_errors or detail as the general message. */
export function resetConfirmErrors(error: unknown): Errors {
  if (!isApiError(error) || error.kind === 'network' || error.kind === 'timeout')
    return { general: RESET_CONFIRM_MESSAGES.network }
  const fields = error.fieldErrors ?? {}
  const general =
    fields.token?.[0] ?? fields.uid?.[0] ?? fields.non_field_errors?.[0] ?? error.detail ?? undefined
  const result: Errors = {
    password: fields.password?.[0],
    password_confirm: fields.password_confirm?.[0],
    general,
  }
  if (!result.password && !result.password_confirm && !result.general)
    result.general = RESET_CONFIRM_MESSAGES.invalidLink
  return result
}

export function PasswordResetConfirmForm({ uid, token }: { uid: string; token: string }) {
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [passwordConfirm, setPasswordConfirm] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [state, setState] = useState<'editing' | 'sending' | 'done'>('editing')

  useEffect(() => {
    if (state !== 'done') return
    const timer = setTimeout(() => void navigate(paths.login), REDIRECT_AFTER_SUCCESS_MS)
    return () => clearTimeout(timer)
  }, [state, navigate])

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = passwordResetConfirmSchema.safeParse({
      uid,
      token,
      password,
      password_confirm: passwordConfirm,
    })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setState('sending')
    try {
      await confirmPasswordReset(parsed.data)
      setState('done')
    } catch (error) {
      setErrors(resetConfirmErrors(error))
      setState('editing')
    }
  }

  if (state === 'done') {
    return (
      <div className="flex flex-col gap-4">
        <Alert type="success">{PASSWORD_RESET_DONE_MESSAGE}</Alert>
        <Link className="btn btn-primary" to={paths.login}>
          Go to login
        </Link>
      </div>
    )
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      {errors.general ? <Alert type="error">{errors.general}</Alert> : null}
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint="At least 8 characters."
        required
      />
      <PasswordField
        label="Confirm new password"
        name="password_confirm"
        autoComplete="new-password"
        value={passwordConfirm}
        onChange={(event) => setPasswordConfirm(event.target.value)}
        error={errors.password_confirm}
        required
      />
      <button type="submit" className="btn btn-primary" disabled={state === 'sending'}>
        {state === 'sending' ? 'Saving…' : 'Reset password'}
      </button>
    </form>
  )
}
