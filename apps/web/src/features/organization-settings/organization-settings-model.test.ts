import { SETTINGS_MESSAGES } from '@blueconsent/contract/organization-settings'
import { describe, expect, it } from 'vitest'
import { checkSettingsForm, formOf } from './organization-settings-model.ts'

const form = {
  reminderHours: '24, 72',
  renewalNoticeDays: '30',
  requireTwoFactor: true,
  defaultDurationDays: '',
}

describe('settings form', () => {
  it('turns the text fields into the server’s body; an empty length is the platform default', () => {
    expect(checkSettingsForm(form)).toEqual({
      ok: true,
      body: {
        reminder_hours: [24, 72],
        renewal_notice_days: 30,
        require_two_factor: true,
        default_duration_days: null,
      },
    })
  })

  it('names the field and the rule when a value is wrong', () => {
    expect(checkSettingsForm({ ...form, reminderHours: 'tomorrow' })).toEqual({
      ok: false,
      errors: { reminder_hours: SETTINGS_MESSAGES.reminderText },
    })
    expect(checkSettingsForm({ ...form, reminderHours: '200' })).toEqual({
      ok: false,
      errors: { reminder_hours: SETTINGS_MESSAGES.reminderHour },
    })
    expect(checkSettingsForm({ ...form, renewalNoticeDays: '' })).toEqual({
      ok: false,
      errors: { renewal_notice_days: SETTINGS_MESSAGES.renewalNoticeDays },
    })
    expect(checkSettingsForm({ ...form, defaultDurationDays: '500' })).toEqual({
      ok: false,
      errors: { default_duration_days: SETTINGS_MESSAGES.defaultDurationDays },
    })
  })

  it('shows saved settings as the form’s text', () => {
    expect(
      formOf({
        organization_id: '1',
        organization_name: 'A',
        reminder_hours: [48, 120],
        reminder_schedule_customized: false,
        renewal_notice_days: 30,
        require_two_factor: false,
        default_duration_days: 90,
      }),
    ).toMatchObject({ reminderHours: '48, 120', defaultDurationDays: '90' })
  })
})
