// /billing/invite?token=…: someone given a team seat sets their name and password. States: verifying, error,
// form, created (then 'Go to Login').
import { BILLING_MESSAGES } from '@blueconsent/contract/billing'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { PasswordField } from '@/components/ui/password-field.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { acceptTeamInvitation, teamInvitationQueryOptions } from '../api/billing-api.ts'

type Values = { first_name: string; last_name: string; password: string; password_confirm: string }

function validate(values: Values): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {}
  if (!values.first_name.trim()) errors.first_name = 'First name is required'
  if (!values.last_name.trim()) errors.last_name = 'Last name is required'
  if (!values.password) errors.password = 'Password is required'
  else if (values.password.length < 8) errors.password = 'Password must be at least 8 characters'
  if (values.password !== values.password_confirm) errors.password_confirm = 'Passwords do not match'
  return errors
}

export function TeamInvitePage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const invitation = useQuery({ ...teamInvitationQueryOptions(token), enabled: token !== '' })
  const [created, setCreated] = useState(false)
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6 py-6">
      <h1 className="text-3xl font-bold">Accept Team Invitation</h1>
      {token === '' || invitation.isError ? (
        <Alert type="error">{BILLING_MESSAGES.invitationInvalid}</Alert>
      ) : null}
      {invitation.isPending && token !== '' ? <Spinner label="Checking your invitation…" /> : null}
      {created ? (
        <>
          <Alert type="success">Your account is ready. You can sign in now.</Alert>
          <Link className="btn btn-primary self-start" to="/app/login">
            Go to Login
          </Link>
        </>
      ) : invitation.data ? (
        <AcceptForm token={token} invitation={invitation.data} onCreated={() => setCreated(true)} />
      ) : null}
    </div>
  )
}

function AcceptForm({
  token,
  invitation,
  onCreated,
}: {
  token: string
  invitation: { email: string; team_name: string }
  onCreated: () => void
}) {
  const [values, setValues] = useState<Values>({
    first_name: '',
    last_name: '',
    password: '',
    password_confirm: '',
  })
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const found = validate(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      await acceptTeamInvitation(token, values)
      onCreated()
    } catch (failure) {
      setError(
        isApiError(failure) && failure.detail
          ? failure.detail
          : 'Failed to create account. Please try again.',
      )
      setBusy(false)
    }
  }

  const field = (name: keyof Values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Complete your account">
      <p>
        Join <strong>{invitation.team_name}</strong> as{' '}
        <span className="[overflow-wrap:anywhere]">{invitation.email}</span>.
      </p>
      {error ? <Alert type="error">{error}</Alert> : null}
      <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
      <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
      <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...field('password_confirm')} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Creating account…' : 'Create Account'}
      </button>
    </form>
  )
}
