// What the data cannot show, said beside a score or a worklist row: one entry per limitation, each with a code
// screens and exports can key on and a sentence for people. New kinds (withheld claims, Medicare Advantage
// months) add a code; readers show any code's message as it comes.
import { z } from 'zod'

export const dataLimitationSchema = z.object({ code: z.string(), message: z.string() })
export type DataLimitation = z.infer<typeof dataLimitationSchema>

export const SHORT_HISTORY = 'short_history'

const DAY_MS = 86_400_000

/**
 * `short_history` when the record's earliest dated claim or fill is less than a year before `now` (or nothing
 * is dated): HCCs are documented once a year, so a shorter record may miss some. Null otherwise.
 */
export function shortHistoryLimitation(
  dates: readonly (string | null | undefined)[],
  now: Date,
): DataLimitation | null {
  const dated = dates.filter((d): d is string => typeof d === 'string' && d !== '')
  const start = dated.length === 0 ? null : dated.reduce((a, b) => (a < b ? a : b)).slice(0, 10)
  const yearAgo = new Date(now.getTime() - 365 * DAY_MS).toISOString().slice(0, 10)
  if (start !== null && start <= yearAgo) return null
  return {
    code: SHORT_HISTORY,
    message:
      start === null
        ? 'The Medicare record holds no dated claims or fills yet: HCCs may be missing.'
        : `The Medicare record covers less than a year (it starts ${start}): HCCs documented before then may be missing.`,
  }
}
