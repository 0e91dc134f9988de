// The Profile tab of account settings: the name form and the address form, each saved on its own with the
// account page's messages, which clear after five seconds.
import {
  ACCOUNT_MESSAGES,
  addressInputSchema,
  profileUpdateSchema,
  type Profile,
} from '@blueconsent/contract/account'
import { PROFILE } from '@blueconsent/contract/constants'
import { formatPhone } from '@blueconsent/contract/shared'
import { useState, type FormEvent, type ReactNode } from 'react'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { zodFieldErrors } from '@/lib/form-errors.ts'
import { session } from '@/lib/session.ts'
import { saveMyAddress, updateMyProfile, useMyProfile, useProfileCache } from '../api/account-api.ts'
import { NoticeAlert } from './profile-edit-form.tsx'
import { useTimedNotice } from '@/hooks/use-timed-notice.ts'

type Errors = Record<string, string>

function failureMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.detail ? error.detail : fallback
}

const fieldErrorsOf = (error: unknown): Errors =>
  isApiError(error) && error.fieldErrors
    ? Object.fromEntries(
        Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0] ?? '']),
      )
    : {}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card bg-base-100 shadow" aria-label={title}>
      <div className="card-body gap-4">
        <h2 className="card-title">{title}</h2>
        {children}
      </div>
    </section>
  )
}

export function NamesForm() {
  const profile = useMyProfile()
  return (
    <Card title="Your name">
      {profile.data ? (
        <NamesFormBody key={profile.data.id} profile={profile.data} />
      ) : (
        <Spinner label="Loading…" />
      )}
    </Card>
  )
}

function NamesFormBody({ profile }: { profile: Profile }) {
  const [values, setValues] = useState({ first_name: profile.first_name, last_name: profile.last_name })
  const [errors, setErrors] = useState<Errors>({})
  const [saving, setSaving] = useState(false)
  const [notice, showNotice] = useTimedNotice()
  const cache = useProfileCache()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = profileUpdateSchema.safeParse(values)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setSaving(true)
    try {
      const saved = await updateMyProfile(parsed.data)
      cache.set(saved)
      const { address: _address, ...user } = saved
      session.updateUser(user)
      showNotice({ type: 'success', message: ACCOUNT_MESSAGES.profileUpdated }, PROFILE.messagesClearMs)
    } catch (error) {
      setErrors(fieldErrorsOf(error))
      showNotice(
        { type: 'error', message: failureMessage(error, ACCOUNT_MESSAGES.profileUpdateFailed) },
        PROFILE.messagesClearMs,
      )
    } finally {
      setSaving(false)
    }
  }

  const field = (name: 'first_name' | 'last_name') => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Your name">
      <div aria-live="polite">{notice ? <NoticeAlert notice={notice} /> : null}</div>
      <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
      <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
      <TextField label="Email" value={profile.email} readOnly hint="Email cannot be changed." />
      <button type="submit" className="btn btn-primary self-start" disabled={saving}>
        {saving ? 'Saving…' : 'Update Profile'}
      </button>
    </form>
  )
}

export function AddressForm() {
  const profile = useMyProfile()
  return (
    <Card title="Address">
      {profile.data ? (
        // Keyed by the user, not by the address: a save changes the address, and remounting then would
        // drop the confirmation the name form gives on its save.
        <AddressFormBody key={profile.data.id} profile={profile.data} />
      ) : (
        <Spinner label="Loading…" />
      )}
    </Card>
  )
}

function AddressFormBody({ profile }: { profile: Profile }) {
  const address = profile.address
  const [values, setValues] = useState({
    street_address: address?.street_address ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zip_code: address?.zip_code ?? '',
    phone_number: address?.phone_number ?? '',
  })
  const [errors, setErrors] = useState<Errors>({})
  const [saving, setSaving] = useState(false)
  const [notice, showNotice] = useTimedNotice()
  const cache = useProfileCache()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = addressInputSchema.safeParse(values)
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setSaving(true)
    try {
      const saved = await saveMyAddress(address, parsed.data)
      cache.setAddress(saved)
      setValues({
        street_address: saved.street_address,
        city: saved.city,
        state: saved.state,
        zip_code: saved.zip_code,
        phone_number: saved.phone_number ?? '',
      })
      showNotice({ type: 'success', message: ACCOUNT_MESSAGES.addressUpdated }, PROFILE.messagesClearMs)
    } catch (error) {
      setErrors(fieldErrorsOf(error))
      showNotice(
        { type: 'error', message: failureMessage(error, ACCOUNT_MESSAGES.addressUpdateFailed) },
        PROFILE.messagesClearMs,
      )
    } finally {
      setSaving(false)
    }
  }

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  })

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Address">
      <div aria-live="polite">{notice ? <NoticeAlert notice={notice} /> : null}</div>
      <TextField label="Street address" autoComplete="street-address" {...field('street_address')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="City" autoComplete="address-level2" {...field('city')} />
        <TextField
          label="State"
          autoComplete="address-level1"
          maxLength={2}
          hint="Two letters, e.g. AZ"
          {...field('state')}
          onChange={(event) =>
            setValues((current) => ({ ...current, state: event.target.value.toUpperCase() }))
          }
        />
        <TextField
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          {...field('zip_code')}
        />
      </div>
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        {...field('phone_number')}
        onChange={(event) =>
          setValues((current) => ({ ...current, phone_number: formatPhone(event.target.value) }))
        }
      />
      <button type="submit" className="btn btn-primary self-start" disabled={saving}>
        {saving ? 'Saving…' : 'Update Address'}
      </button>
    </form>
  )
}
