// The profile's edit form: names and address in one save. Save stays disabled until something changed;
// Cancel puts the loaded values back; saves are throttled; a failed save puts the user's name and address
// back as they were; leaving with unsaved changes asks first.
import { ACCOUNT_MESSAGES, type Profile } from '@blueconsent/contract/account'
import { FEEDBACK_DISMISS_MS, PROFILE } from '@blueconsent/contract/constants'
import { US_STATES, formatPhone } from '@blueconsent/contract/shared'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { SelectField } from '@/components/ui/select-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { session } from '@/lib/session.ts'
import { useUnsavedChangesGuard } from '@/lib/use-unsaved-changes-guard.ts'
import { saveMyAddress, updateMyProfile, useProfileCache } from '../api/account-api.ts'
import {
  addressChanged,
  addressOf,
  checkSave,
  isDirty,
  namesChanged,
  namesOf,
  validate,
  valuesOf,
  type ProfileFormErrors,
  type ProfileFormField,
  type ProfileFormValues,
} from '../profile-form-model.ts'
import { useTimedNotice, type Notice } from '@/hooks/use-timed-notice.ts'

const VALIDATION_DEBOUNCE_MS = 300

const userOf = ({ address: _address, ...user }: Profile) => user

function serverErrors(error: unknown): ProfileFormErrors {
  if (!isApiError(error) || !error.fieldErrors) return {}
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0] ?? '']),
  ) as ProfileFormErrors
}

function failureNotice(error: unknown, fallback: string): Notice {
  const detail = isApiError(error) ? (error.detail ?? undefined) : undefined
  return { type: 'error', title: ACCOUNT_MESSAGES.profileUpdateFailedTitle, message: detail ?? fallback }
}

export function ProfileEditForm({
  profile,
  onDone,
  onDiscarded,
}: {
  profile: Profile
  onDone: (message: string) => void
  onDiscarded: () => void
}) {
  const loaded = useMemo(() => valuesOf(profile), [profile])
  const [values, setValues] = useState<ProfileFormValues>(loaded)
  const [errors, setErrors] = useState<ProfileFormErrors>({})
  const [saving, setSaving] = useState(false)
  const [notice, showNotice] = useTimedNotice()
  const lastSubmitAt = useRef<number | null>(null)
  const cache = useProfileCache()
  const dirty = isDirty(values, loaded)
  useUnsavedChangesGuard(dirty && !saving, ACCOUNT_MESSAGES.unsavedChanges)

  // Errors appear as the user pauses typing, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setErrors(dirty ? validate(values) : {}), VALIDATION_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [values, dirty])

  const change = (field: ProfileFormField, value: string) =>
    setValues((current) => ({ ...current, [field]: value }))

  function cancel() {
    setValues(loaded)
    setErrors({})
    onDiscarded()
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const check = checkSave(values, loaded, lastSubmitAt.current, Date.now(), PROFILE.saveThrottleMs)
    if (!check.ok) {
      if (check.message === ACCOUNT_MESSAGES.correctErrors) setErrors(validate(values))
      const notice: Notice = { type: 'warning', message: check.message }
      if (check.suggestion) notice.detail = check.suggestion
      return showNotice(notice, FEEDBACK_DISMISS_MS.profileFormBanner)
    }
    lastSubmitAt.current = Date.now()
    setSaving(true)
    const before = profile
    // The shell shows the new name at once; a failure below puts the old one back.
    if (namesChanged(values, loaded))
      session.updateUser({
        ...userOf(before),
        ...namesOf(values),
        full_name: `${namesOf(values).first_name} ${namesOf(values).last_name}`,
      })
    let stage: 'profile' | 'address' = 'profile'
    try {
      let saved = before
      if (namesChanged(values, loaded)) saved = await updateMyProfile(namesOf(values))
      if (addressChanged(values, loaded)) {
        stage = 'address'
        saved = { ...saved, address: await saveMyAddress(before.address, addressOf(values)) }
      }
      cache.set(saved)
      session.updateUser(userOf(saved))
      onDone(ACCOUNT_MESSAGES.profileUpdated)
    } catch (error) {
      cache.set(before)
      session.updateUser(userOf(before))
      setErrors(serverErrors(error))
      const fallback =
        stage === 'address' ? ACCOUNT_MESSAGES.addressUpdateFailed : ACCOUNT_MESSAGES.profileUpdateFailed
      showNotice(failureNotice(error, fallback), FEEDBACK_DISMISS_MS.profileWidgetError)
    } finally {
      setSaving(false)
    }
  }

  const field = (name: ProfileFormField) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  })

  return (
    <form noValidate onSubmit={save} className="flex flex-col gap-4" aria-label="Edit profile">
      <div aria-live="polite">{notice ? <NoticeAlert notice={notice} /> : null}</div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" required {...field('first_name')} />
        <TextField label="Last name" autoComplete="family-name" required {...field('last_name')} />
      </div>
      <TextField label="Email" value={profile.email} readOnly hint="Email cannot be changed." />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-semibold">Address</legend>
        <TextField label="Street address" autoComplete="street-address" {...field('street_address')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="City" autoComplete="address-level2" {...field('city')} />
          <StateSelect
            value={values.state}
            error={errors.state}
            onChange={(value) => change('state', value)}
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
          onChange={(event) => change('phone_number', formatPhone(event.target.value))}
        />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={!dirty || saving}>
          {saving ? 'Saving…' : 'Save Changes'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={cancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  )
}

export function NoticeAlert({ notice }: { notice: Notice }) {
  return (
    <Alert type={notice.type}>
      {notice.title ? <p className="font-semibold">{notice.title}</p> : null}
      <p>{notice.message}</p>
      {notice.detail ? <p className="text-sm">{notice.detail}</p> : null}
    </Alert>
  )
}

export function StateSelect({
  value,
  error,
  onChange,
}: {
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <SelectField
      label="State"
      className="w-full"
      value={value}
      error={error}
      options={[
        { value: '', label: 'Choose a state' },
        ...US_STATES.map((state) => ({ value: state.code, label: state.name })),
      ]}
      onChange={(event) => onChange(event.target.value.toUpperCase())}
    />
  )
}

/** How long 'Changes discarded' stays after Cancel. */
export const DISCARDED_NOTICE_MS = 2_000
