// Dates in query parameters: one rule for every route, so no value reaches the database that it cannot hold.
// Years are four digits (0001 to 9999): JavaScript accepts years like 99999 or -1 that PostgreSQL refuses.
import { z } from 'zod'

export const DATE_MESSAGES = {
  badDay: 'Enter a date as YYYY-MM-DD.',
  badDateTime: 'Enter a valid date.',
} as const

const DAY = /^\d{4}-\d{2}-\d{2}$/
/** A day, optionally with a time and an offset (what `Date.toISOString` and date inputs produce). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/

/** 'YYYY-MM-DD' to the UTC midnight it names, or null when it names no real day (2026-02-30, year 0000). */
export function parseDay(day: string): Date | null {
  if (!DAY.test(day) || day.startsWith('0000')) return null
  const date = new Date(`${day}T00:00:00Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date
}

/** An ISO day or date-time with a real day in years 0001 to 9999, or null. A day alone is UTC midnight. */
export function parseDateTime(value: string): Date | null {
  if (!DATE_TIME.test(value)) return null
  const day = parseDay(value.slice(0, 10))
  if (!day) return null
  if (value.length === 10) return day
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** A `YYYY-MM-DD` query parameter naming a real day. */
export const isoDaySchema = z
  .string()
  .regex(DAY, DATE_MESSAGES.badDay)
  .refine((day) => parseDay(day) !== null, DATE_MESSAGES.badDay)

/** A query parameter that is a day or an ISO date-time (the audit log's bounds). */
export const isoDateOrTimeSchema = z
  .string()
  .max(40, DATE_MESSAGES.badDateTime)
  .refine((value) => parseDateTime(value) !== null, DATE_MESSAGES.badDateTime)
