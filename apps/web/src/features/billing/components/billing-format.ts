// How billing reads on screen: money in en-US currency, dates in long form, the trial warning's rule.
import { BILLING } from '@blueconsent/contract/constants'
import { ownValue } from '@blueconsent/contract/shared'

export { formatMoney, formatFullDate as formatBillingDate } from '@/lib/format.ts'

const DAY_MS = 86_400_000

/** On trial with its end 3 days away or less (and not past). */
export function trialEndingSoon(status: string | null, trialEnd: string | null, now: number = Date.now()) {
  if (status !== 'trialing' || !trialEnd) return false
  const remaining = new Date(trialEnd).getTime() - now
  return remaining >= 0 && remaining <= BILLING.trialEndingWarningDays * DAY_MS
}

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
}
export const brandName = (brand: string): string => ownValue(BRAND_NAMES, brand) ?? brand
