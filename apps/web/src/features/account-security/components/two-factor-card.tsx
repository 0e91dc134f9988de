// The two-factor card in the place the original portal promised one 'coming soon': the real state (off, on, required
// by the organisation), set-up with the password, an authenticator and a first code, the recovery codes shown
// once, new codes, and turning it off (password and a code; not while the organisation requires it).
import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@blueconsent/contract/two-factor'
import { useState, type FormEvent } from 'react'
import { AuthenticatorSetup } from '@/components/two-factor/authenticator-setup.tsx'
import { RecoveryCodes } from '@/components/two-factor/recovery-codes.tsx'
import { Alert } from '@/components/ui/alert.tsx'
import { PasswordField } from '@/components/ui/password-field.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useSetUpTwoFactor,
  useTwoFactorStatus,
} from '../api/security-api.ts'
import { formatDateTime } from '@/lib/format.ts'

type Mode =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'authenticator'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[]; done: string }
  | { kind: 'regenerate' }
  | { kind: 'disable' }

/** A call's message for the user: the field's own, the server's detail, or the fallback. */
function messageOf(error: unknown, field: string): string {
  if (!isApiError(error)) return TWO_FACTOR_MESSAGES.actionFailed
  return error.fieldMessage(field) ?? error.detail ?? TWO_FACTOR_MESSAGES.actionFailed
}

export function TwoFactorCard() {
  const status = useTwoFactorStatus()
  return (
    <section aria-labelledby="two-factor-heading" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="two-factor-heading" className="card-title">
            {TWO_FACTOR_MESSAGES.title}
          </h2>
          {status.data ? <StateBadges status={status.data} /> : null}
        </div>
        <p>Sign-in asks for a code from an authenticator app on your phone after your password.</p>
        {status.isPending ? <Spinner label="Loading two-factor settings…" /> : null}
        {status.isError ? <Alert type="error">{TWO_FACTOR_MESSAGES.loadFailed}</Alert> : null}
        {status.data ? <TwoFactorBody status={status.data} /> : null}
      </div>
    </section>
  )
}

function StateBadges({ status }: { status: TwoFactorStatus }) {
  return (
    <div className="flex flex-wrap gap-2" data-testid="two-factor-state">
      <span className={`badge ${status.state === 'on' ? 'badge-success' : 'badge-ghost'}`}>
        {status.state === 'on' ? 'On' : 'Off'}
      </span>
      {status.required ? <span className="badge badge-info">Required by your organization</span> : null}
    </div>
  )
}

function TwoFactorBody({ status }: { status: TwoFactorStatus }) {
  const [mode, setMode] = useState<Mode>({ kind: 'idle' })
  const [notice, setNotice] = useState<string | null>(null)
  const idle = (message: string | null = null) => {
    setMode({ kind: 'idle' })
    setNotice(message)
  }
  const locked = status.locked_until !== null

  return (
    <>
      <div role="status" aria-live="polite">
        {notice ? <Alert type="success">{notice}</Alert> : null}
      </div>
      {locked ? <Alert type="warning">{TWO_FACTOR_MESSAGES.locked}</Alert> : null}
      {mode.kind === 'idle' && status.state !== 'on' ? (
        <>
          {status.required ? <Alert type="info">{TWO_FACTOR_MESSAGES.enrolmentRequired}</Alert> : null}
          <button
            type="button"
            className="btn btn-primary self-start"
            onClick={() => {
              setNotice(null)
              setMode({ kind: 'password' })
            }}
          >
            Set up two-factor
          </button>
        </>
      ) : null}
      {mode.kind === 'idle' && status.state === 'on' ? (
        <>
          <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="font-medium">Turned on</dt>
            <dd>{status.enabled_at ? formatDateTime(status.enabled_at) : 'Unknown'}</dd>
            <dt className="font-medium">Recovery codes left</dt>
            <dd>{status.recovery_codes_remaining} of 10</dd>
          </dl>
          {status.recovery_codes_remaining <= 2 ? (
            <Alert type="warning">You are running out of recovery codes. Generate new ones.</Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                setNotice(null)
                setMode({ kind: 'regenerate' })
              }}
            >
              Generate new recovery codes
            </button>
            {status.required ? null : (
              <button
                type="button"
                className="btn btn-outline btn-error"
                onClick={() => {
                  setNotice(null)
                  setMode({ kind: 'disable' })
                }}
              >
                Turn off two-factor
              </button>
            )}
          </div>
          {status.required ? <p className="text-sm">{TWO_FACTOR_MESSAGES.requiredCannotDisable}</p> : null}
        </>
      ) : null}
      {mode.kind === 'password' ? (
        <PasswordStep
          onCancel={() => idle()}
          onReady={(setup) => setMode({ kind: 'authenticator', setup })}
        />
      ) : null}
      {mode.kind === 'authenticator' ? (
        <ConfirmStep
          setup={mode.setup}
          onCancel={() => idle()}
          onDone={(codes) => setMode({ kind: 'codes', codes, done: TWO_FACTOR_MESSAGES.enabled })}
        />
      ) : null}
      {mode.kind === 'codes' ? <RecoveryCodes codes={mode.codes} onDone={() => idle(mode.done)} /> : null}
      {mode.kind === 'regenerate' ? (
        <ReauthStep
          action="regenerate"
          onCancel={() => idle()}
          onDone={(codes) =>
            codes ? setMode({ kind: 'codes', codes, done: TWO_FACTOR_MESSAGES.regenerated }) : idle()
          }
        />
      ) : null}
      {mode.kind === 'disable' ? (
        <ReauthStep
          action="disable"
          onCancel={() => idle()}
          onDone={() => idle(TWO_FACTOR_MESSAGES.disabled)}
        />
      ) : null}
    </>
  )
}

function PasswordStep({
  onReady,
  onCancel,
}: {
  onReady: (setup: TwoFactorSetup) => void
  onCancel: () => void
}) {
  const setUp = useSetUpTwoFactor()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!password) return setError('Current password is required')
    try {
      onReady(await setUp.mutateAsync(password))
    } catch (failure) {
      setError(messageOf(failure, 'password'))
    }
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <p>Confirm it is you to start.</p>
      <PasswordField
        label="Current password"
        name="password"
        autoComplete="current-password"
        value={password}
        error={error ?? undefined}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={setUp.isPending}>
          Continue
        </button>
      </div>
    </form>
  )
}

function ConfirmStep({
  setup,
  onDone,
  onCancel,
}: {
  setup: TwoFactorSetup
  onDone: (codes: string[]) => void
  onCancel: () => void
}) {
  const confirm = useConfirmTwoFactor()
  const [error, setError] = useState<string | null>(null)
  return (
    <AuthenticatorSetup
      setup={setup}
      error={error}
      onCancel={onCancel}
      onConfirm={async (code) => {
        try {
          const result = await confirm.mutateAsync(code)
          onDone(result.recovery_codes)
        } catch (failure) {
          setError(messageOf(failure, 'code'))
        }
      }}
    />
  )
}

function ReauthStep({
  action,
  onDone,
  onCancel,
}: {
  action: 'regenerate' | 'disable'
  onDone: (codes: string[] | null) => void
  onCancel: () => void
}) {
  const regenerate = useRegenerateRecoveryCodes()
  const disable = useDisableTwoFactor()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<{ password?: string; code?: string; general?: string }>({})
  const pending = regenerate.isPending || disable.isPending

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const missing = {
      ...(password ? {} : { password: 'Current password is required' }),
      ...(code.trim() ? {} : { code: TWO_FACTOR_MESSAGES.codeFormat }),
    }
    if (Object.keys(missing).length > 0) return setErrors(missing)
    setErrors({})
    try {
      if (action === 'regenerate') onDone((await regenerate.mutateAsync({ password, code })).recovery_codes)
      else {
        await disable.mutateAsync({ password, code })
        onDone(null)
      }
    } catch (failure) {
      const fieldError = isApiError(failure)
        ? { password: failure.fieldMessage('password'), code: failure.fieldMessage('code') }
        : {}
      setErrors(
        fieldError.password || fieldError.code
          ? fieldError
          : { general: messageOf(failure, 'non_field_errors') },
      )
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <p>
        {action === 'disable'
          ? 'Turning two-factor off needs your password and a code from your authenticator app or a recovery code.'
          : 'New recovery codes replace the old ones. Confirm with your password and a code from your authenticator app or a recovery code.'}
      </p>
      {errors.general ? <Alert type="error">{errors.general}</Alert> : null}
      <PasswordField
        label="Current password"
        name="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <TextField
        label="Authentication code or recovery code"
        name="code"
        autoComplete="one-time-code"
        value={code}
        error={errors.code}
        onChange={(event) => setCode(event.target.value)}
        required
      />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className={`btn ${action === 'disable' ? 'btn-error' : 'btn-primary'}`}
          disabled={pending}
        >
          {action === 'disable' ? 'Turn off two-factor' : 'Generate new codes'}
        </button>
      </div>
    </form>
  )
}
