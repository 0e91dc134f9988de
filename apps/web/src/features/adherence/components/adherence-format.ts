// Adherence in words: what a clinician reads beside each measure.
import type { MeasureOutcome } from '@blueconsent/contract/adherence'

/** 0.8125 → '81%' (rounded down, so 79.6% never reads as the 80% it does not reach). */
export const formatPdc = (pdc: number | null): string => (pdc === null ? '—' : `${Math.floor(pdc * 100)}%`)

const EXCLUSION_TEXT: Record<NonNullable<MeasureOutcome['exclusion']>, string> = {
  hospice: 'Not measured: hospice care this year',
  esrd: 'Not measured: end-stage renal disease or dialysis',
  insulin: 'Not measured: takes insulin',
  sacubitril_valsartan: 'Not measured: takes sacubitril/valsartan',
}

/** The measure's status as a sentence. */
export function measureStatusText(outcome: MeasureOutcome): string {
  switch (outcome.status) {
    case 'adherent':
      return 'At or above 80%'
    case 'below_threshold':
      return 'Below 80%'
    case 'not_enough_fills':
      return 'Not measured yet: one fill this year'
    case 'too_soon':
      return 'Not measured yet: first fill less than 91 days ago'
    case 'excluded':
      return outcome.exclusion ? EXCLUSION_TEXT[outcome.exclusion] : 'Not measured'
    case 'no_fills':
      return 'No fills this year'
  }
}

/** Whether a measure is flagged (below the threshold). */
export const isFlagged = (outcome: Pick<MeasureOutcome, 'status'>): boolean =>
  outcome.status === 'below_threshold'
