// The per-organisation settings the server uses today (admin settings): when unanswered requests
// are reminded, how many days before an authorization ends its renewal notice goes out, whether members must
// sign in with a second factor, and how long a new provider request's authorization lasts. One schema checks
// the admin's form and the server's endpoint.
import { z } from 'zod'
import { AUTHORIZATION } from '../shared/constants.ts'
import { idSchema } from '../shared/common.ts'
import { defineEndpoint, idParamsSchema } from '../shared/endpoints.ts'

export const SETTINGS_LIMITS = {
  maxReminders: 5,
  /** A reminder after the patient's link expired would carry a dead link: keep them inside its validity. */
  maxReminderHour: AUTHORIZATION.consentLinkValidityDays * 24 - 1,
  /** The lifecycle sweep looks at most 90 days ahead for renewal notices. */
  renewalNoticeDays: { min: 1, max: 90 },
  /**
   * The spec lets a provider authorization last up to 13 months; 393 days is the shortest 13 months can be
   * (12 months and a February), so a default in days never outlasts it from any start date.
   */
  defaultDurationDays: { min: 1, max: 393 },
} as const

export const DEFAULT_REMINDER_HOURS = [48, 120] as const
export const DEFAULT_RENEWAL_NOTICE_DAYS = 30

export const SETTINGS_MESSAGES = {
  reminderHour: `Each reminder must be a whole number of hours from 1 to ${SETTINGS_LIMITS.maxReminderHour}.`,
  reminderCount: `Give at most ${SETTINGS_LIMITS.maxReminders} reminder times.`,
  reminderOrder: 'Reminder times must be different and in increasing order.',
  reminderText: 'Enter hours as whole numbers separated by commas, for example 48, 120.',
  renewalNoticeDays: `Enter a whole number of days from ${SETTINGS_LIMITS.renewalNoticeDays.min} to ${SETTINGS_LIMITS.renewalNoticeDays.max}.`,
  defaultDurationDays: `Enter a whole number of days from ${SETTINGS_LIMITS.defaultDurationDays.min} to ${SETTINGS_LIMITS.defaultDurationDays.max} (13 months at most), or leave it empty.`,
  saved: 'Settings saved.',
  loadFailed: 'Failed to load the settings. Please try again.',
  saveFailed: 'The settings could not be saved.',
} as const

const reminderHourSchema = z
  .number({ error: SETTINGS_MESSAGES.reminderHour })
  .int(SETTINGS_MESSAGES.reminderHour)
  .min(1, SETTINGS_MESSAGES.reminderHour)
  .max(SETTINGS_LIMITS.maxReminderHour, SETTINGS_MESSAGES.reminderHour)

export const organizationSettingsUpdateSchema = z.object({
  reminder_hours: z
    .array(reminderHourSchema)
    .max(SETTINGS_LIMITS.maxReminders, SETTINGS_MESSAGES.reminderCount)
    .refine((hours) => hours.every((hour, i) => i === 0 || hour > (hours[i - 1] ?? 0)), {
      message: SETTINGS_MESSAGES.reminderOrder,
    }),
  renewal_notice_days: z
    .number({ error: SETTINGS_MESSAGES.renewalNoticeDays })
    .int(SETTINGS_MESSAGES.renewalNoticeDays)
    .min(SETTINGS_LIMITS.renewalNoticeDays.min, SETTINGS_MESSAGES.renewalNoticeDays)
    .max(SETTINGS_LIMITS.renewalNoticeDays.max, SETTINGS_MESSAGES.renewalNoticeDays),
  require_two_factor: z.boolean(),
  /** null: the platform's default (13 months for providers). Agents' authorizations always last about 10 hours. */
  default_duration_days: z
    .number({ error: SETTINGS_MESSAGES.defaultDurationDays })
    .int(SETTINGS_MESSAGES.defaultDurationDays)
    .min(SETTINGS_LIMITS.defaultDurationDays.min, SETTINGS_MESSAGES.defaultDurationDays)
    .max(SETTINGS_LIMITS.defaultDurationDays.max, SETTINGS_MESSAGES.defaultDurationDays)
    .nullable(),
})
export type OrganizationSettingsUpdate = z.infer<typeof organizationSettingsUpdateSchema>

export const organizationSettingsSchema = organizationSettingsUpdateSchema.extend({
  organization_id: idSchema,
  organization_name: z.string(),
  /** Whether the reminder schedule is the organisation's own or the platform default. */
  reminder_schedule_customized: z.boolean(),
})
export type OrganizationSettingsView = z.infer<typeof organizationSettingsSchema>

/** '48, 120' as the form shows it to [48, 120]; null when a part is not a whole number. Empty: no reminders. */
export function parseReminderHours(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
  if (!parts.every((part) => /^\d+$/.test(part))) return null
  return parts.map(Number)
}

/** An organisation's settings, behind the admin guard (404 for one outside the admin's scope). */
export const ORGANIZATION_SETTINGS_ENDPOINTS = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/admin/organization-settings/:id/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    answers: { 200: organizationSettingsSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/organization-settings/:id/',
    access: 'ADMIN_GUARD',
    params: idParamsSchema,
    body: organizationSettingsUpdateSchema,
    answers: { 200: organizationSettingsSchema },
  }),
}
