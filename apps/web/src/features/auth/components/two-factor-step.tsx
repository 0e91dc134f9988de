// The login page's second step (loaded only when the password step asks for it): a code from the
// authenticator app or a recovery code, or, when the organisation requires two-factor and the user has none
// yet, pairing an authenticator and saving the recovery codes before the session starts.
import type { LoginResponse } from '@blueconsent/contract/auth'
import {
  TWO_FACTOR_MESSAGES,
  type LoginEnrolmentResponse,
  type TwoFactorSetup,
} from '@blueconsent/contract/two-factor'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { AuthenticatorSetup } from '@/components/two-factor/authenticator-setup.tsx'
import { RecoveryCodes } from '@/components/two-factor/recovery-codes.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import {
  loginEnrolmentConfirm,
  loginEnrolmentSetup,
  loginWithSecondFactor,
} from '../api/second-factor-api.ts'

export type SecondStep = { kind: 'code' | 'enrol'; challenge: string }

type TwoFactorStepProps = {
  step: SecondStep
  /** The session starts with these tokens. */
  onSignedIn: (response: LoginResponse) => Promise<void>
  /** Back to the password, with why (the challenge expired or was used up), or null when the user chose to. */
  onRestart: (message: string | null) => void
  /** The login page's own words for a lost connection and an unexplained failure. */
  messages: { network: string; failed: string }
}

/** What a failed call means here: back to the password when the challenge is dead, else a message to show. */
function failure(
  error: unknown,
  field: string,
  messages: TwoFactorStepProps['messages'],
): { restart: true } | { restart: false; message: string } {
  if (isApiError(error) && error.status === 401) return { restart: true }
  if (!isApiError(error)) return { restart: false, message: messages.failed }
  if (error.kind === 'network' || error.kind === 'timeout')
    return { restart: false, message: messages.network }
  return {
    restart: false,
    message: error.fieldMessage(field) ?? error.detail ?? TWO_FACTOR_MESSAGES.actionFailed,
  }
}

export function TwoFactorStep(props: TwoFactorStepProps) {
  return props.step.kind === 'code' ? <CodeStep {...props} /> : <EnrolStep {...props} />
}

function CodeStep({ step, onSignedIn, onRestart, messages }: TwoFactorStepProps) {
  const [method, setMethod] = useState<'totp' | 'recovery_code'>('totp')
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [method])

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const typed = value.trim()
    if (method === 'totp' && !/^\d{6}$/.test(typed.replace(/\s+/g, '')))
      return setError(TWO_FACTOR_MESSAGES.codeFormat)
    if (method === 'recovery_code' && typed === '') return setError(TWO_FACTOR_MESSAGES.recoveryFormat)
    setError(null)
    setBusy(true)
    try {
      const response = await loginWithSecondFactor(
        method === 'totp'
          ? { challenge: step.challenge, code: typed.replace(/\s+/g, '') }
          : { challenge: step.challenge, recovery_code: typed },
      )
      await onSignedIn(response)
    } catch (caught) {
      const outcome = failure(caught, method === 'totp' ? 'code' : 'recovery_code', messages)
      if (outcome.restart) return onRestart(TWO_FACTOR_MESSAGES.challengeExpired)
      setError(outcome.message)
    } finally {
      setBusy(false)
    }
  }

  const switchTo = (next: 'totp' | 'recovery_code') => {
    setMethod(next)
    setValue('')
    setError(null)
  }

  return (
    <form className="card-body gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <h1 className="text-2xl font-bold">{TWO_FACTOR_MESSAGES.title}</h1>
      <p>{method === 'totp' ? TWO_FACTOR_MESSAGES.codePrompt : TWO_FACTOR_MESSAGES.recoveryPrompt}</p>
      {error ? (
        <Alert type="error" id="two-factor-error">
          {error}
        </Alert>
      ) : null}
      <TextField
        ref={input}
        key={method}
        label={method === 'totp' ? 'Authentication code' : 'Recovery code'}
        name={method === 'totp' ? 'code' : 'recovery_code'}
        inputMode={method === 'totp' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={method === 'totp' ? 7 : 20}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'two-factor-error' : undefined}
        required
      />
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? 'Verifying…' : 'Verify'}
      </button>
      <button
        type="button"
        className="btn btn-link self-start px-0"
        onClick={() => switchTo(method === 'totp' ? 'recovery_code' : 'totp')}
      >
        {method === 'totp' ? TWO_FACTOR_MESSAGES.useRecoveryCode : TWO_FACTOR_MESSAGES.useAuthenticator}
      </button>
      <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => onRestart(null)}>
        Back to sign in
      </button>
    </form>
  )
}

function EnrolStep({ step, onSignedIn, onRestart, messages }: TwoFactorStepProps) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null)
  const [signedIn, setSignedIn] = useState<LoginEnrolmentResponse | null>(null)
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    loginEnrolmentSetup(step.challenge).then(setSetup, (caught: unknown) => {
      const outcome = failure(caught, 'challenge', messages)
      if (outcome.restart) onRestart(TWO_FACTOR_MESSAGES.challengeExpired)
      else setError(outcome.message)
    })
  }, [step.challenge, onRestart, messages])

  return (
    <div className="card-body gap-4">
      <h1 className="text-2xl font-bold">Set up two-factor authentication</h1>
      {signedIn ? (
        <RecoveryCodes
          codes={signedIn.recovery_codes}
          doneLabel="Continue"
          onDone={() => void onSignedIn(signedIn)}
        />
      ) : (
        <>
          <Alert type="info">{TWO_FACTOR_MESSAGES.enrolmentRequired}</Alert>
          {!setup && !error ? <Spinner label="Preparing your authenticator set-up…" /> : null}
          {!setup && error ? <Alert type="error">{error}</Alert> : null}
          {setup ? (
            <AuthenticatorSetup
              setup={setup}
              error={error}
              submitLabel="Turn on and sign in"
              onCancel={() => onRestart(null)}
              onConfirm={async (code) => {
                try {
                  setSignedIn(await loginEnrolmentConfirm(step.challenge, code))
                } catch (caught) {
                  const outcome = failure(caught, 'code', messages)
                  if (outcome.restart) onRestart(TWO_FACTOR_MESSAGES.challengeExpired)
                  else setError(outcome.message)
                }
              }}
            />
          ) : null}
        </>
      )}
    </div>
  )
}
