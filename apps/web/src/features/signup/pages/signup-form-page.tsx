// /signup/physician, /signup/aco-user, /signup/agent: the organisation and its first administrator. Checked
// with the contract's rules before sending; the address is checked as soon as it is typed.
import { SIGNUP_MESSAGES, signupSchema, type SignupKind } from '@blueconsent/contract/signup'
import { US_STATES } from '@blueconsent/contract/shared'
import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { PasswordField } from '@/components/ui/password-field.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { zodFieldErrors } from '@/lib/form-errors.ts'
import { checkEmail, createAccount } from '../api/signup-api.ts'
import { SignupCard } from '../components/signup-card.tsx'
import { SelectField } from '@/components/ui/select-field.tsx'

const TITLES: Record<SignupKind, string> = {
  physician: 'Sign up your practice',
  aco: 'Sign up your ACO',
  agent: 'Sign up your agency',
}
const ORGANIZATION_LABELS: Record<SignupKind, string> = {
  physician: 'Practice name',
  aco: 'ACO legal name',
  agent: 'Agency name',
}

type Fields = Record<string, string>

export function SignupFormPage({ kind }: { kind: SignupKind }) {
  const navigate = useNavigate()
  const [fields, setFields] = useState<Fields>({
    organization_type: kind === 'physician' ? 'PHYSICIAN_GROUP' : '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (name: string) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }))
  const text = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={fields[name] ?? ''}
      error={errors[name]}
      onChange={set(name)}
      {...extra}
    />
  )

  async function checkAddress() {
    const email = (fields.email ?? '').trim()
    if (!email.includes('@')) return
    const answer = await checkEmail(email).catch(() => null)
    setErrors((current) => ({
      ...current,
      email: answer?.available === false ? SIGNUP_MESSAGES.emailTaken : '',
    }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const body = { ...fields, account_type: kind }
    const parsed = signupSchema.safeParse(body)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setFailure(null)
    setBusy(true)
    try {
      const created = await createAccount(parsed.data)
      await navigate(`/signup/success?email=${encodeURIComponent(created.email)}`)
    } catch (error) {
      const server = isApiError(error) ? error.fieldErrors : null
      if (server && Object.keys(server).length > 0)
        setErrors(
          Object.fromEntries(Object.entries(server).map(([key, messages]) => [key, messages[0] ?? ''])),
        )
      else setFailure(SIGNUP_MESSAGES.failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <SignupCard title={TITLES[kind]}>
      <form className="flex flex-col gap-4" noValidate onSubmit={(event) => void submit(event)}>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('first_name', 'First name', { autoComplete: 'given-name' })}
          {text('last_name', 'Last name', { autoComplete: 'family-name' })}
        </div>
        {text('email', 'Work email', {
          type: 'email',
          autoComplete: 'email',
          onBlur: () => void checkAddress(),
        })}
        {text('organization_name', ORGANIZATION_LABELS[kind], { autoComplete: 'organization' })}
        {kind === 'physician' ? <PracticeFields fields={fields} errors={errors} set={set} /> : null}
        {kind === 'agent' ? <AgencyFields fields={fields} errors={errors} set={set} /> : null}
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={fields.password ?? ''}
          error={errors.password}
          onChange={set('password')}
          hint="At least 8 characters, and not a common password: a few unrelated words work well"
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          value={fields.password_confirm ?? ''}
          error={errors.password_confirm}
          onChange={set('password_confirm')}
        />
        {failure ? <Alert type="error">{failure}</Alert> : null}
        <button type="submit" className="btn btn-primary self-start" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
    </SignupCard>
  )
}

type FieldProps = {
  fields: Fields
  errors: Record<string, string>
  set: (name: string) => (event: { target: { value: string } }) => void
}

function PracticeFields({ fields, errors, set }: FieldProps) {
  return (
    <>
      <SelectField
        label="Type of practice"
        className="w-full"
        value={fields.organization_type}
        onChange={set('organization_type')}
      >
        <option value="PHYSICIAN_GROUP">Physician group</option>
        <option value="FQHC">Federally Qualified Health Center (FQHC)</option>
      </SelectField>
      <TextField
        label="NPI"
        inputMode="numeric"
        value={fields.npi ?? ''}
        error={errors.npi}
        hint="Your practice’s 10-digit National Provider Identifier"
        onChange={set('npi')}
      />
    </>
  )
}

function AgencyFields({ fields, errors, set }: FieldProps) {
  const stateId = useId()
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="NPN"
        inputMode="numeric"
        value={fields.npn ?? ''}
        error={errors.npn}
        hint="Your National Producer Number"
        onChange={set('npn')}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={stateId} className="text-sm font-medium">
          License state
        </label>
        <select
          id={stateId}
          className={`select w-full ${errors.license_state ? 'select-error' : ''}`}
          value={fields.license_state ?? ''}
          aria-invalid={errors.license_state ? true : undefined}
          aria-describedby={errors.license_state ? `${stateId}-error` : undefined}
          onChange={set('license_state')}
        >
          <option value="">Choose a state</option>
          {US_STATES.map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
        {errors.license_state ? (
          <p id={`${stateId}-error`} className="text-sm text-error">
            {errors.license_state}
          </p>
        ) : null}
      </div>
    </div>
  )
}
