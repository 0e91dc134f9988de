// After sign-up: 'check your email' with a resend; the verification link's landing page; and the way in for
// invitees (an invitation link pasted, or followed from /signup/invitation/:token).
import { SIGNUP_MESSAGES } from '@blueconsent/contract/signup'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { session } from '@/lib/session.ts'
import { resendVerification, verifyEmail } from '../api/signup-api.ts'
import { SignupCard } from '../components/signup-card.tsx'

function ResendLink({ email }: { email: string }) {
  const [sent, setSent] = useState(false)
  if (sent) return <p role="status">{SIGNUP_MESSAGES.resent}</p>
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline self-start"
      disabled={!email}
      onClick={() =>
        void resendVerification(email)
          .catch(() => undefined)
          .then(() => setSent(true))
      }
    >
      Send a new link
    </button>
  )
}

export function SignupSuccessPage() {
  const [params] = useSearchParams()
  const email = params.get('email') ?? ''
  return (
    <SignupCard title="Check your email">
      <p>{SIGNUP_MESSAGES.checkEmail}</p>
      {email ? (
        <p>
          We sent it to <strong>{email}</strong>.
        </p>
      ) : null}
      <ResendLink email={email} />
    </SignupCard>
  )
}

type VerifyState = { kind: 'checking' } | { kind: 'verified'; text: string } | { kind: 'failed' }

export function VerifyEmailPage() {
  const { token = '' } = useParams()
  const [state, setState] = useState<VerifyState>({ kind: 'checking' })
  const [email, setEmail] = useState('')
  useEffect(() => {
    let current = true
    verifyEmail(token)
      .then(async (answer) => {
        // A recent link signs in too: the guest-only route then takes the new admin to their home, which is
        // the setup wizard until the organisation is set up. Otherwise, or if the session fails, sign in.
        if (answer.session && (await session.start(answer.session))) return
        if (current) setState({ kind: 'verified', text: SIGNUP_MESSAGES.verified })
      })
      .catch(() => current && setState({ kind: 'failed' }))
    return () => {
      current = false
    }
  }, [token])
  return (
    <SignupCard title="Verify your email address">
      {state.kind === 'checking' ? <Spinner label="Verifying your email address…" /> : null}
      {state.kind === 'verified' ? (
        <>
          <Alert type="success">{state.text}</Alert>
          <Link className="btn btn-primary self-start" to={paths.login}>
            Sign in
          </Link>
        </>
      ) : null}
      {state.kind === 'failed' ? (
        <>
          <Alert type="error">{SIGNUP_MESSAGES.invalidLink}</Alert>
          <p>If your address is not verified yet, we can send a new link.</p>
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <ResendLink email={email.trim()} />
        </>
      ) : null}
    </SignupCard>
  )
}

/** The token at the end of an invitation link, or the link itself pasted whole. */
export const invitationToken = (typed: string): string => typed.trim().split('/').filter(Boolean).at(-1) ?? ''

export function InvitationVerificationPage() {
  const navigate = useNavigate()
  const [link, setLink] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const token = invitationToken(link)
    if (token) void navigate(`/app/accept-invitation/${token}`)
  }
  return (
    <SignupCard title="Join with an invitation">
      <p>Open the link in the invitation email from your organization, or paste it here.</p>
      <form className="flex flex-col gap-3" onSubmit={submit}>
        <TextField label="Invitation link" value={link} onChange={(event) => setLink(event.target.value)} />
        <button type="submit" className="btn btn-primary self-start" disabled={link.trim() === ''}>
          Continue
        </button>
      </form>
    </SignupCard>
  )
}

export function InvitationLinkRedirect() {
  const { token = '' } = useParams()
  return <Navigate to={`/app/accept-invitation/${token}`} replace />
}
