// /app/accept-invitation/:token: the invitee checks the link, sets a name and password, and is signed in
// (the guest-only route then takes them to their home page). When their organisation requires a second
// factor first, the created state sends them to sign in and enrol.
// States: verifying, error (unknown, used, revoked or expired link), form, created.
import {
  INVITE_ROLE_LABELS,
  INVITATION_MESSAGES,
  invitationAcceptSchema,
} from '@blueconsent/contract/invitations'
import { useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { PasswordField } from '@/components/ui/password-field.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { session } from '@/lib/session.ts'
import { zodFieldErrors } from '@/lib/form-errors.ts'
import { useAcceptInvitation, useVerifyInvitation } from '../api/invitations-api.ts'

export function AcceptInvitationPage() {
  const { token = '' } = useParams()
  // A page of its own, outside the app's shell: the invitee has no account yet.
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-base-200 px-4 py-10">
      <div className="card w-full max-w-lg bg-base-100 shadow">
        <div className="card-body gap-4">
          <p className="text-sm font-semibold tracking-wide">BlueConsent</p>
          <h1 className="text-2xl font-bold">Complete your account setup to join the platform</h1>
          {token.length < 20 ? (
            <Alert type="error">{INVITATION_MESSAGES.invalidLink}</Alert>
          ) : (
            <Verified token={token} />
          )}
        </div>
      </div>
    </main>
  )
}

function Verified({ token }: { token: string }) {
  const verify = useVerifyInvitation(token)
  const accept = useAcceptInvitation(token)
  if (verify.isPending) return <Spinner label="Checking your invitation…" />
  if (verify.isError) return <Alert type="error">{INVITATION_MESSAGES.invalidOrExpired}</Alert>
  // Signed in: the guest-only route takes the new member home in a moment.
  if (accept.isSuccess && accept.data.session) return <Spinner label="Signing you in…" />
  if (accept.isSuccess) {
    return (
      <div className="flex flex-col gap-3">
        <Alert type="success">{accept.data.detail}</Alert>
        <Link
          className="btn btn-primary self-start"
          to={`${paths.login}?email=${encodeURIComponent(accept.data.email)}`}
        >
          Go to Login
        </Link>
      </div>
    )
  }
  return (
    <>
      <p>
        You are joining {verify.data.organization_name ?? 'BlueConsent'} as{' '}
        {INVITE_ROLE_LABELS[verify.data.role]}, signing in with <strong>{verify.data.email}</strong>.
      </p>
      <AccountForm
        onSubmit={async (body) => {
          const accepted = await accept.mutateAsync(body)
          if (accepted.session) await session.start(accepted.session)
        }}
      />
    </>
  )
}

type AccountBody = { first_name: string; last_name: string; password: string; password_confirm: string }

function AccountForm({ onSubmit }: { onSubmit: (body: AccountBody) => Promise<unknown> }) {
  const [body, setBody] = useState<AccountBody>({
    first_name: '',
    last_name: '',
    password: '',
    password_confirm: '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const field = (key: keyof AccountBody) => ({
    value: body[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => setBody({ ...body, [key]: event.target.value }),
  })
  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = invitationAcceptSchema.safeParse(body)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setFailure(null)
    setBusy(true)
    try {
      await onSubmit(body)
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null
      if (isApiError(error) && error.status === 404) setFailure(INVITATION_MESSAGES.invalidOrExpired)
      else if (fields && Object.keys(fields).length > 0)
        setErrors(
          Object.fromEntries(Object.entries(fields).map(([key, messages]) => [key, messages[0] ?? ''])),
        )
      else setFailure(INVITATION_MESSAGES.createAccountFailed)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
      <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
      <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
      <PasswordField label="Password" autoComplete="new-password" {...field('password')} />
      <PasswordField label="Confirm password" autoComplete="new-password" {...field('password_confirm')} />
      {errors.email ? <Alert type="error">{errors.email}</Alert> : null}
      {failure ? <Alert type="error">{failure}</Alert> : null}
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  )
}
