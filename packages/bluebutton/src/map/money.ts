// Money is integer cents. Amounts are converted from the JSON number's shortest decimal text, so 60.7
// becomes 6070 exactly (60.7 * 100 in floating point is 6069.999...). Sums are integer additions.
import { asObject, field } from './json.ts'

export type Cents = number

export function toCents(value: unknown): Cents | null {
  if (typeof value === 'number') return Number.isFinite(value) ? decimalTextToCents(String(value)) : null
  if (typeof value === 'string') return decimalTextToCents(value.trim())
  return null
}

function decimalTextToCents(text: string): Cents | null {
  if (/e/i.test(text)) {
    const number = Number(text)
    return Number.isFinite(number) && Math.abs(number) < 1e13 ? Math.round(number * 100) : null
  }
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)
  if (!match) return null
  const [, sign = '', whole = '0', fraction = ''] = match
  if (whole.length > 13) return null
  const padded = `${fraction}000`
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2))
  // Half-up on the third decimal; CMS amounts have two decimals, so this only guards odd input.
  if (Number(padded[2]) >= 5) cents += 1
  return sign === '-' ? -cents : cents
}

/** Sum of the present values; null when none is present. */
export function sumCents(values: Array<Cents | null>): Cents | null {
  const present = values.filter((value): value is Cents => value !== null)
  return present.length === 0 ? null : present.reduce((total, value) => total + value, 0)
}

export function moneyValue(money: unknown): Cents | null {
  return toCents(field(asObject(money), 'value'))
}

/** 6070 → "60.70", for display and for decimal database columns. */
export function centsToDecimalString(cents: Cents): string {
  const sign = cents < 0 ? '-' : ''
  const absolute = Math.abs(cents)
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`
}
