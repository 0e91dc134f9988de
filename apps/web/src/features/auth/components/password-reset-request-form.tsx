import { PASSWORD_RESET_SENT_MESSAGE, passwordResetRequestSchema } from '@blueconsent/contract/auth'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { requestPasswordReset } from '../api/auth-api.ts'

/** Reset request: the same neutral confirmation whether the call succeeded or not. */
export function PasswordResetRequestForm() {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing')

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = passwordResetRequestSchema.safeParse({ email })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    setError(undefined)
    setState('sending')
    try {
      await requestPasswordReset(parsed.data.email)
    } catch {
      // Deliberately ignored: the answer must not reveal whether the account exists.
    }
    setState('sent')
  }

  if (state === 'sent') {
    return (
      <div className="flex flex-col gap-4">
        <Alert type="success">{PASSWORD_RESET_SENT_MESSAGE}</Alert>
        <Link className="link" to={paths.login}>
          Back to login
        </Link>
      </div>
    )
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <p>Enter the email address of your account and we will send you a link to reset your password.</p>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
        required
      />
      <button type="submit" className="btn btn-primary" disabled={state === 'sending'}>
        {state === 'sending' ? 'Sending…' : 'Send reset link'}
      </button>
      <Link className="link" to={paths.login}>
        Back to login
      </Link>
    </form>
  )
}
