// How the web app writes money, dates and lengths of time. Phrases a person is told about access periods and
// deadlines (in English and Spanish) come from the contract's durations, so the server's messages agree.
import { formatMoney } from '@blueconsent/contract/billing'

export { formatMoney }
export { formatMoment, formatSpokenDay, periodText, timeRemainingText } from '@blueconsent/contract/durations'

/** Integer cents in US dollars ('$12.34'), or a dash when the amount is unknown. */
export const formatCents = (cents: number | null): string => (cents == null ? '—' : formatMoney(cents))

const isDateOnly = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value)
const calendarDay = (day: string): Date => new Date(`${day}T00:00:00Z`)

/** A date-only ISO string shown as is, so no time zone shifts it by a day. */
export const formatDate = (value: string | null): string => (value ? value.slice(0, 10) : '—')

const shortDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
})

/** '2026-09-09' as people write it ('Sep 9, 2026'), read as a calendar day so no time zone moves it. */
export function formatLongDate(value: string | null): string {
  const day = value?.slice(0, 10) ?? ''
  return isDateOnly(day) ? shortDay.format(calendarDay(day)) : '—'
}

const readable = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })

/** A date as people read it ('Sep 9, 2026'), read in UTC so a date-only value never moves a day. */
export const formatReadableDate = (value: string | null): string =>
  value ? readable.format(isDateOnly(value) ? calendarDay(value) : new Date(value)) : '—'

/** 'Mar 2, 2026, 10:15 AM' in the reader's time zone; `missing` when there is no moment. */
export const formatDateTime = (iso: string | null | undefined, missing = '—'): string =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : missing

/** 'March 2, 2026' in the reader's time zone; a dash when missing or unreadable. */
export function formatFullDate(value: string | null | undefined): string {
  const date = value ? new Date(value) : null
  return date && !Number.isNaN(date.getTime())
    ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })
    : '—'
}
