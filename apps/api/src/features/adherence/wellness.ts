// When Medicare covers a patient's next annual wellness visit: once 11 full months have passed after the
// month of the last one (42 CFR 410.15), that is from the first day of the same month a year later. A
// patient with no wellness visit on their claims is due now.
import { dayNumber } from './pdc.ts'

/** The first day the next annual wellness visit is covered, after one on `lastVisit` (an ISO day). */
export function wellnessDueOn(lastVisit: string): string {
  const year = Number(lastVisit.slice(0, 4))
  const month = lastVisit.slice(5, 7)
  return `${year + 1}-${month}-01`
}

/** Due on `asOf` or within `horizonDays` after it; never having had one counts as due. */
export function isWellnessDue(dueOn: string | null, asOf: string, horizonDays: number): boolean {
  return dueOn === null || dayNumber(dueOn) <= dayNumber(asOf) + horizonDays
}
