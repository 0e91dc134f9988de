// /app/admin/settings: the settings the server uses for one organisation: when unanswered requests are
// reminded, the renewal notice, the two-factor requirement and the default authorization length. A platform
// administrator picks the organisation; an organisation admin edits their own. The contract's schema checks
// the form here and again on the server; every change is audited there.
import {
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  type OrganizationSettingsView,
} from '@blueconsent/contract/organization-settings'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { useSession } from '@/lib/session.ts'
import { checkSettingsForm, formOf, type SettingsForm } from '../organization-settings-model.ts'
import { useOrganizationSettings, useSaveOrganizationSettings } from '../api/organization-settings-api.ts'
import { OrganizationPicker, useOrganizationList } from '@/components/ui/organization-picker.tsx'

export function OrganizationSettingsPage() {
  const { user } = useSession()
  const platform = user?.is_superuser ?? false
  const organizations = useOrganizationList(platform)
  const [picked, setPicked] = useState('')
  const organizationId = platform
    ? picked || (organizations.data?.results[0]?.id ?? '')
    : (user?.organization?.id ?? '')
  const settings = useOrganizationSettings(organizationId)

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Settings</h1>
          <p className="mt-2">How the portal works for an organization: reminders, renewals and sign-in.</p>
          <p className="mt-1">
            Third-party apps are managed under{' '}
            <Link className="link" to={paths.integrations}>
              Integrations
            </Link>
            .
          </p>
        </div>
        <Link className="btn btn-outline" to={paths.dashboard}>
          Back to Dashboard
        </Link>
      </div>
      {platform ? <OrganizationPicker value={organizationId} onChange={setPicked} /> : null}
      {organizationId === '' && !organizations.isPending ? (
        <p>There is no organization to configure.</p>
      ) : null}
      {settings.isPending && organizationId !== '' ? <Spinner label="Loading the settings…" /> : null}
      {settings.isError ? (
        <Alert type="error">
          {SETTINGS_MESSAGES.loadFailed}{' '}
          <button type="button" className="link" onClick={() => void settings.refetch()}>
            Retry
          </button>
        </Alert>
      ) : null}
      {settings.data ? (
        // A new key per organisation starts the form from that organisation's saved values.
        <SettingsFormView key={settings.data.organization_id} settings={settings.data} />
      ) : null}
    </div>
  )
}

function SettingsFormView({ settings }: { settings: OrganizationSettingsView }) {
  const save = useSaveOrganizationSettings(settings.organization_id)
  const [form, setForm] = useState<SettingsForm>(() => formOf(settings))
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [notice, setNotice] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const set = (change: Partial<SettingsForm>) => setForm((current) => ({ ...current, ...change }))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setNotice(null)
    setFailure(null)
    const checked = checkSettingsForm(form)
    if (!checked.ok) return setErrors(checked.errors)
    setErrors({})
    try {
      const saved = await save.mutateAsync(checked.body)
      setForm(formOf(saved))
      setNotice(SETTINGS_MESSAGES.saved)
    } catch (error) {
      setFailure(isApiError(error) && error.detail ? error.detail : SETTINGS_MESSAGES.saveFailed)
    }
  }

  return (
    <form
      aria-label={`Settings of ${settings.organization_name}`}
      className="flex max-w-2xl flex-col gap-4"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h2 className="text-xl font-semibold">{settings.organization_name}</h2>
      <TextField
        label="Reminder times (hours after sending)"
        value={form.reminderHours}
        error={errors.reminder_hours}
        inputMode="numeric"
        hint={`Unanswered requests get a reminder at each of these times, for example 48, 120. At most ${SETTINGS_LIMITS.maxReminders}, each under ${SETTINGS_LIMITS.maxReminderHour + 1} hours (the patient's link lasts 7 days). Leave empty for no reminders.`}
        onChange={(event) => set({ reminderHours: event.target.value })}
      />
      <TextField
        label="Renewal notice (days before an authorization ends)"
        value={form.renewalNoticeDays}
        error={errors.renewal_notice_days}
        inputMode="numeric"
        onChange={(event) => set({ renewalNoticeDays: event.target.value })}
      />
      <TextField
        label="Default authorization length (days)"
        value={form.defaultDurationDays}
        error={errors.default_duration_days}
        inputMode="numeric"
        hint={`For new provider requests, at most ${SETTINGS_LIMITS.defaultDurationDays.max} days. Leave empty for the full 13 months. Agents' authorizations always last 10 hours from when the client agrees.`}
        onChange={(event) => set({ defaultDurationDays: event.target.value })}
      />
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="checkbox"
          checked={form.requireTwoFactor}
          onChange={(event) => set({ requireTwoFactor: event.target.checked })}
        />
        Require two-factor sign-in for every member
      </label>
      <div role="status" aria-live="polite">
        {notice ? <Alert type="success">{notice}</Alert> : null}
      </div>
      {failure ? <Alert type="error">{failure}</Alert> : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  )
}
