// Whether a Part D fill still covers today: a fill is current while its days supply lasts (fill date +
// days supply reaches today), else past. Fills without a date or supply count as past.
import type { Medication } from '@blueconsent/contract/patients'

const DAY_MS = 86_400_000

/** The last day a fill covers, as YYYY-MM-DD, or null when it cannot be told. */
export function supplyEnds(medication: Medication): string | null {
  if (!medication.start_date || medication.days_supply == null) return medication.end_date
  const start = Date.parse(`${medication.start_date.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(start)) return medication.end_date
  return new Date(start + (Math.max(medication.days_supply, 1) - 1) * DAY_MS).toISOString().slice(0, 10)
}

export function splitByCurrency(medications: readonly Medication[], today: string) {
  const byFillDate = [...medications].sort((a, b) => (b.start_date ?? '').localeCompare(a.start_date ?? ''))
  const isCurrent = (medication: Medication) => {
    const ends = supplyEnds(medication)
    return ends != null && ends >= today && (medication.start_date ?? '') <= today
  }
  return { current: byFillDate.filter(isCurrent), past: byFillDate.filter((item) => !isCurrent(item)) }
}
