// Pairing an authenticator app: the QR code, the key for typing in by hand, and the first code that proves it
// works. Used on the account's Security tab and when an organisation requires two-factor at sign-in.
import { TWO_FACTOR_MESSAGES, type TwoFactorSetup } from '@blueconsent/contract/two-factor'
import { useState, type FormEvent } from 'react'
import { Alert } from '../ui/alert.tsx'
import { TextField } from '../ui/text-field.tsx'

/** 'JBSWY3DPEHPK3PXP…' in groups of four, as authenticator apps show keys. */
export const groupedSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ')

type AuthenticatorSetupProps = {
  setup: TwoFactorSetup
  onConfirm: (code: string) => Promise<void>
  error: string | null
  submitLabel?: string
  onCancel?: () => void
}

export function AuthenticatorSetup({
  setup,
  onConfirm,
  error,
  submitLabel = 'Turn on two-factor',
  onCancel,
}: AuthenticatorSetupProps) {
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const digits = code.replace(/\s+/g, '')
    if (!/^\d{6}$/.test(digits)) return setInvalid(TWO_FACTOR_MESSAGES.codeFormat)
    setInvalid(null)
    setBusy(true)
    try {
      await onConfirm(digits)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <ol className="list-decimal space-y-1 pl-5">
        <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…).</li>
        <li>Scan the QR code, or enter the setup key by hand.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={setup.qr_code}
        alt="QR code to add BlueConsent to your authenticator app"
        width={192}
        height={192}
        className="self-center rounded-box bg-white p-2"
      />
      <div>
        <p className="text-sm font-medium" id="setup-key-label">
          Setup key (time-based, 6 digits, 30 seconds)
        </p>
        <code
          aria-labelledby="setup-key-label"
          className="block rounded-box bg-base-200 p-2 font-mono [overflow-wrap:anywhere]"
          data-testid="two-factor-secret"
          data-secret={setup.secret}
        >
          {groupedSecret(setup.secret)}
        </code>
      </div>
      {error ? <Alert type="error">{error}</Alert> : null}
      <TextField
        label="Code from your authenticator app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        value={code}
        error={invalid ?? undefined}
        onChange={(event) => setCode(event.target.value)}
        required
      />
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Checking…' : submitLabel}
        </button>
      </div>
    </form>
  )
}
