// Billing periods in calendar months, anchored as Stripe anchors them: the day of the month of the
// billing cycle anchor, clamped to the month's last day (an anchor on the 31st bills on Feb 28/29).

export const DAY = 86_400

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
}

export function addMonths(anchorSec: number, months: number): number {
  const a = new Date(anchorSec * 1000)
  const total = a.getUTCMonth() + months
  const year = a.getUTCFullYear() + Math.floor(total / 12)
  const month = ((total % 12) + 12) % 12
  const day = Math.min(a.getUTCDate(), daysInMonth(year, month))
  return Date.UTC(year, month, day, a.getUTCHours(), a.getUTCMinutes(), a.getUTCSeconds()) / 1000
}

// The end of the period that starts at `periodStart` for a cycle anchored at `anchor`.
export function nextPeriodEnd(anchor: number, periodStart: number, monthsPerPeriod: number): number {
  let k = 1
  while (addMonths(anchor, k * monthsPerPeriod) <= periodStart) k += 1
  return addMonths(anchor, k * monthsPerPeriod)
}

export function formatDate(sec: number): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(sec * 1000))
}

export function formatMoney(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    cents / 100,
  )
}

// Half away from zero, so a credit and the matching charge round to the same number of cents.
export function roundCents(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value))
}
