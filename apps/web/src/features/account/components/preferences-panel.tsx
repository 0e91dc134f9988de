// The Preferences tab: the theme and the three optional-email switches. Each change applies at once, is kept
// in this browser and saved to the account (so the server honours it); a failed save puts the switch back.
import { ACCOUNT_MESSAGES, type Preferences } from '@blueconsent/contract/account'
import { PROFILE } from '@blueconsent/contract/constants'
import { useState } from 'react'
import { ThemeSelect } from '@/components/ui/theme-select.tsx'
import {
  readEmailPreferences,
  toEmailPreferences,
  writeEmailPreferences,
  type EmailPreferences,
} from '@/lib/preferences.ts'
import { updateMyPreferences } from '../api/account-api.ts'
import { NoticeAlert } from './profile-edit-form.tsx'
import { useTimedNotice } from '@/hooks/use-timed-notice.ts'

const SWITCHES: { key: keyof EmailPreferences; field: keyof Preferences; label: string; hint: string }[] = [
  {
    key: 'emailBilling',
    field: 'email_billing',
    label: 'Billing updates',
    hint: 'Receipts, failed payments and trial reminders.',
  },
  {
    key: 'emailSystem',
    field: 'email_system',
    label: 'System updates',
    hint: 'New features and planned maintenance.',
  },
  {
    key: 'emailSecurity',
    field: 'email_security',
    label: 'Security alerts',
    hint: 'Security news and advice. Alerts about your own account (a password or two-factor change) are always sent.',
  },
]

export function PreferencesPanel() {
  const [emails, setEmails] = useState<EmailPreferences>(readEmailPreferences)
  const [notice, showNotice] = useTimedNotice()

  const failed = () =>
    showNotice({ type: 'error', message: ACCOUNT_MESSAGES.preferencesUpdateFailed }, PROFILE.messagesClearMs)
  const saved = () =>
    showNotice({ type: 'success', message: ACCOUNT_MESSAGES.preferencesUpdated }, PROFILE.messagesClearMs)

  async function toggle(key: keyof EmailPreferences, field: keyof Preferences, on: boolean) {
    const before = emails
    const next = { ...emails, [key]: on }
    setEmails(next)
    writeEmailPreferences(next)
    try {
      const account = await updateMyPreferences({ [field]: on })
      writeEmailPreferences(toEmailPreferences(account))
      saved()
    } catch {
      setEmails(before)
      writeEmailPreferences(before)
      failed()
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2" aria-live="polite">
        {notice ? <NoticeAlert notice={notice} /> : null}
      </div>
      <section className="card bg-base-100 shadow" aria-labelledby="appearance-title">
        <div className="card-body gap-4">
          <h2 id="appearance-title" className="card-title">
            Appearance
          </h2>
          <ThemeSelect
            size="md"
            onChosen={(theme) => {
              updateMyPreferences({ theme }).then(saved, failed)
            }}
          />
        </div>
      </section>
      <section className="card bg-base-100 shadow" aria-labelledby="email-title">
        <div className="card-body gap-4">
          <h2 id="email-title" className="card-title">
            Email notifications
          </h2>
          {SWITCHES.map(({ key, field, label, hint }) => (
            <div key={key} className="flex items-start justify-between gap-4">
              <label htmlFor={`pref-${key}`} className="flex flex-col">
                <span className="font-medium">{label}</span>
                <span className="text-sm">{hint}</span>
              </label>
              <input
                id={`pref-${key}`}
                type="checkbox"
                role="switch"
                className="toggle toggle-primary"
                checked={emails[key]}
                onChange={(event) => void toggle(key, field, event.target.checked)}
              />
            </div>
          ))}
        </div>
      </section>
    </div>
  )
}
