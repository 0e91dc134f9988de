// /app/login: email, password, remember-me, lockout, offline state, every error message.
import type { LoginRequest, LoginResponse } from '@blueconsent/contract/auth'
import { COPYRIGHT_YEAR, PRODUCT_NAME, STORAGE_KEYS } from '@blueconsent/contract/constants'
import { Suspense, lazy, useCallback, useState, type FormEvent, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { PasswordField } from '@/components/ui/password-field.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { loadContract } from '@/lib/contract.ts'
import { session } from '@/lib/session.ts'
import { readStored, writeStored } from '@/lib/storage.ts'
import { useOnlineStatus } from '@/lib/use-online-status.ts'
import { login, resendVerification } from '../api/login-api.ts'
import { LOGIN_MESSAGES, lockoutCountdownMessage, loginErrorMessage } from '../api/login-messages.ts'
import type { SecondStep } from '../components/two-factor-step.tsx'
import { useLoginLockout } from '../components/use-login-lockout.ts'
import { Spinner } from '@/components/ui/spinner.tsx'

// Loaded only when the password step asks for a second factor, so the login route stays small.
const TwoFactorStep = lazy(async () => ({
  default: (await import('../components/two-factor-step.tsx')).TwoFactorStep,
}))

const SELLING_POINTS = [
  {
    title: 'HIPAA compliant',
    text: 'Patient data is handled under HIPAA safeguards and every access is audited.',
  },
  { title: 'End-to-end encryption', text: 'Data is encrypted in transit and at rest.' },
  {
    title: 'Fast authorization',
    text: 'Patients approve by email or SMS in minutes through Medicare Blue Button.',
  },
  { title: 'Multi-provider access', text: 'Clinics, ACOs and insurance agencies work from one portal.' },
] as const

type InvalidFields = { email: boolean; password: boolean }
const ERROR_ID = 'login-error'

export function LoginPage({ footerExtra }: { footerExtra?: ReactNode }) {
  const [searchParams] = useSearchParams()
  const online = useOnlineStatus()
  const lockout = useLoginLockout()
  const remembered = readStored(STORAGE_KEYS.rememberedEmail)
  const [email, setEmail] = useState(remembered ?? '')
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(remembered !== null)
  const [invalid, setInvalid] = useState<InvalidFields>({ email: false, password: false })
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [unverified, setUnverified] = useState<'no' | 'yes' | 'resent'>('no')
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null)
  const sessionExpired = searchParams.get('reason') === 'session_expired'
  const locked = lockout.secondsLeft > 0

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!online) return setError(LOGIN_MESSAGES.offline)
    if (locked) return setError(lockoutCountdownMessage(lockout.secondsLeft))
    const { MESSAGES, loginRequestSchema } = await loadContract()
    const parsed = loginRequestSchema.safeParse({ email, password, remember_me: rememberMe })
    if (!parsed.success) {
      setInvalid({ email: email.trim() === '', password: password === '' })
      return setError(parsed.error.issues[0]?.message ?? MESSAGES.loginRequired)
    }
    setInvalid({ email: false, password: false })
    setError(null)
    setUnverified('no')
    setSubmitting(true)
    await attemptLogin(parsed.data)
    setSubmitting(false)
  }

  async function attemptLogin(body: LoginRequest) {
    try {
      const response = await login(body)
      writeStored(STORAGE_KEYS.rememberedEmail, rememberMe ? body.email : null)
      lockout.reset()
      // Right password, second factor due: no session until the code (or enrolment) step succeeds.
      if ('two_factor_required' in response)
        return setSecondStep({ kind: 'code', challenge: response.challenge })
      if ('two_factor_enrollment_required' in response)
        return setSecondStep({ kind: 'enrol', challenge: response.challenge })
      await startSession(response)
    } catch (caught) {
      if (isApiError(caught) && caught.status === 429) {
        lockout.lockFor(caught.retryAfter ?? 60)
        return setError(LOGIN_MESSAGES.rateLimited)
      }
      // The password was right: offer a new link instead of counting a failed attempt.
      if (isApiError(caught) && caught.code === 'email_not_verified') {
        setUnverified('yes')
        return setError(loginErrorMessage(caught))
      }
      const countsAsAttempt = isApiError(caught) && caught.kind === 'http'
      if (countsAsAttempt && lockout.recordFailure()) return setError(LOGIN_MESSAGES.lockedOut)
      setError(loginErrorMessage(caught))
    }
  }

  async function startSession(response: LoginResponse) {
    // The guest guard on this route sends the now signed-in user to `next` or the role home.
    if (!(await session.start(response))) {
      setSecondStep(null)
      setError(LOGIN_MESSAGES.failed)
    }
  }

  const restart = useCallback((message: string | null) => {
    setSecondStep(null)
    setPassword('')
    setError(message)
  }, [])

  const buttonLabel = !online
    ? 'No Connection'
    : locked
      ? `Locked (${lockout.secondsLeft}s)`
      : submitting
        ? 'Signing in…'
        : 'Sign In'

  return (
    <div className="flex min-h-screen flex-col bg-base-200">
      <div className="mx-auto grid w-full max-w-6xl flex-1 items-center gap-10 px-4 py-10 lg:grid-cols-2">
        <main className="order-1 lg:order-2">
          <div className="card mx-auto w-full max-w-md bg-base-100 shadow">
            {secondStep ? (
              <Suspense fallback={<Spinner label="Loading…" />}>
                <TwoFactorStep
                  step={secondStep}
                  onSignedIn={startSession}
                  onRestart={restart}
                  messages={LOGIN_MESSAGES}
                />
              </Suspense>
            ) : (
              <form className="card-body gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
                <h1 className="text-2xl font-bold">Sign in to {PRODUCT_NAME}</h1>
                {sessionExpired ? <Alert type="warning">{LOGIN_MESSAGES.sessionExpired}</Alert> : null}
                {!online ? <Alert type="warning">{LOGIN_MESSAGES.offline}</Alert> : null}
                {error ? (
                  <Alert type="error" id={ERROR_ID}>
                    {error}
                  </Alert>
                ) : null}
                {unverified === 'yes' ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline self-start"
                    onClick={() =>
                      void resendVerification(email.trim())
                        .catch(() => undefined)
                        .then(() => setUnverified('resent'))
                    }
                  >
                    Send a new verification link
                  </button>
                ) : null}
                {unverified === 'resent' ? (
                  <p role="status">If that address is waiting for verification, a new link is on its way.</p>
                ) : null}
                <TextField
                  label="Email"
                  type="email"
                  name="email"
                  autoComplete="username"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={invalid.email || undefined}
                  aria-describedby={error ? ERROR_ID : undefined}
                  required
                />
                <PasswordField
                  label="Password"
                  name="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={invalid.password || undefined}
                  aria-describedby={error ? ERROR_ID : undefined}
                  required
                />
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <label className="flex cursor-pointer items-center gap-2">
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      checked={rememberMe}
                      onChange={(event) => setRememberMe(event.target.checked)}
                    />
                    <span>Remember me</span>
                  </label>
                  <Link className="link" to={paths.forgotPassword}>
                    Forgot password?
                  </Link>
                </div>
                {locked ? <p className="text-sm">{lockoutCountdownMessage(lockout.secondsLeft)}</p> : null}
                <button
                  type="submit"
                  className="btn btn-primary w-full"
                  disabled={!online || locked || submitting}
                >
                  {buttonLabel}
                </button>
                <p className="text-center">
                  New to {PRODUCT_NAME}?{' '}
                  <Link className="link" to={paths.signup}>
                    Sign up
                  </Link>
                </p>
              </form>
            )}
          </div>
        </main>
        <section aria-labelledby="product-heading" className="order-2 lg:order-1">
          <h2 id="product-heading" className="text-3xl font-bold">
            {PRODUCT_NAME}
          </h2>
          <p className="mt-2 text-lg">
            Medicare Blue Button consent for clinics, ACOs and insurance agencies.
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {SELLING_POINTS.map((point) => (
              <li key={point.title} className="rounded-box bg-base-100 p-4 shadow-sm">
                <h3 className="font-semibold">{point.title}</h3>
                <p className="text-sm">{point.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <footer className="footer footer-center gap-2 border-t border-base-300 bg-base-100 p-4">
        <nav aria-label="Legal and support" className="flex flex-wrap justify-center gap-4">
          <Link className="link" to={paths.privacyPolicy}>
            Privacy Policy
          </Link>
          <Link className="link" to={paths.termsOfService}>
            Terms of Service
          </Link>
          <Link className="link" to={paths.support}>
            Support
          </Link>
          {/* Support needs a signed-in user; someone who cannot sign in writes through the public form. */}
          <Link className="link" to={paths.contact}>
            Can’t sign in? Contact us
          </Link>
          {footerExtra}
        </nav>
        <p>
          © {COPYRIGHT_YEAR} {PRODUCT_NAME}. All rights reserved.
        </p>
      </footer>
    </div>
  )
}
