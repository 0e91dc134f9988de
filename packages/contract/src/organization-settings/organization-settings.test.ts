import { describe, expect, it } from 'vitest'
import {
  SETTINGS_MESSAGES,
  organizationSettingsUpdateSchema,
  parseReminderHours,
} from './organization-settings.ts'

const valid = {
  reminder_hours: [24, 72],
  renewal_notice_days: 30,
  require_two_factor: false,
  default_duration_days: null,
}
const firstMessage = (input: unknown) =>
  organizationSettingsUpdateSchema.safeParse(input).error?.issues[0]?.message ?? null

describe('organization settings', () => {
  it('accepts the platform defaults and an empty reminder list', () => {
    expect(organizationSettingsUpdateSchema.safeParse(valid).success).toBe(true)
    expect(organizationSettingsUpdateSchema.safeParse({ ...valid, reminder_hours: [] }).success).toBe(true)
    expect(organizationSettingsUpdateSchema.safeParse({ ...valid, default_duration_days: 393 }).success).toBe(
      true,
    )
  })

  it('keeps reminders inside the link’s 7 days, increasing, at most 5', () => {
    expect(firstMessage({ ...valid, reminder_hours: [0] })).toBe(SETTINGS_MESSAGES.reminderHour)
    expect(firstMessage({ ...valid, reminder_hours: [168] })).toBe(SETTINGS_MESSAGES.reminderHour)
    expect(firstMessage({ ...valid, reminder_hours: [2.5] })).toBe(SETTINGS_MESSAGES.reminderHour)
    expect(firstMessage({ ...valid, reminder_hours: [72, 24] })).toBe(SETTINGS_MESSAGES.reminderOrder)
    expect(firstMessage({ ...valid, reminder_hours: [24, 24] })).toBe(SETTINGS_MESSAGES.reminderOrder)
    expect(firstMessage({ ...valid, reminder_hours: [1, 2, 3, 4, 5, 6] })).toBe(
      SETTINGS_MESSAGES.reminderCount,
    )
  })

  it('keeps renewal notices within 1 to 90 days and the default length within 13 months', () => {
    expect(firstMessage({ ...valid, renewal_notice_days: 0 })).toBe(SETTINGS_MESSAGES.renewalNoticeDays)
    expect(firstMessage({ ...valid, renewal_notice_days: 91 })).toBe(SETTINGS_MESSAGES.renewalNoticeDays)
    expect(firstMessage({ ...valid, default_duration_days: 394 })).toBe(SETTINGS_MESSAGES.defaultDurationDays)
    expect(firstMessage({ ...valid, default_duration_days: 0 })).toBe(SETTINGS_MESSAGES.defaultDurationDays)
  })

  it('reads the form’s comma-separated hours', () => {
    expect(parseReminderHours(' 24, 72 ,')).toEqual([24, 72])
    expect(parseReminderHours('')).toEqual([])
    expect(parseReminderHours('24, soon')).toBeNull()
    expect(parseReminderHours('2.5')).toBeNull()
  })
})
