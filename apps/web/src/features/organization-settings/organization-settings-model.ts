// The settings form as text fields, and its checked conversion to what the server takes (the contract's
// schema, the same one the server validates with).
import {
  SETTINGS_MESSAGES,
  organizationSettingsUpdateSchema,
  parseReminderHours,
  type OrganizationSettingsUpdate,
  type OrganizationSettingsView,
} from '@blueconsent/contract/organization-settings'
import { zodFieldErrors } from '@/lib/form-errors.ts'

export type SettingsForm = {
  reminderHours: string
  renewalNoticeDays: string
  requireTwoFactor: boolean
  defaultDurationDays: string
}

export const formOf = (settings: OrganizationSettingsView): SettingsForm => ({
  reminderHours: settings.reminder_hours.join(', '),
  renewalNoticeDays: String(settings.renewal_notice_days),
  requireTwoFactor: settings.require_two_factor,
  defaultDurationDays: settings.default_duration_days === null ? '' : String(settings.default_duration_days),
})

/** A whole number as typed, or NaN so the schema names the field ('' and '3.5' included). */
const wholeNumber = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN)

export function checkSettingsForm(
  form: SettingsForm,
): { ok: true; body: OrganizationSettingsUpdate } | { ok: false; errors: Record<string, string> } {
  const hours = parseReminderHours(form.reminderHours)
  if (hours === null) return { ok: false, errors: { reminder_hours: SETTINGS_MESSAGES.reminderText } }
  const parsed = organizationSettingsUpdateSchema.safeParse({
    reminder_hours: hours,
    renewal_notice_days: wholeNumber(form.renewalNoticeDays),
    require_two_factor: form.requireTwoFactor,
    default_duration_days:
      form.defaultDurationDays.trim() === '' ? null : wholeNumber(form.defaultDurationDays),
  })
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: zodFieldErrors(parsed.error) }
}
