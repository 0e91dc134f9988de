// The computation's outcomes in the contract's shapes.
import type { AdherenceFlag, MeasureOutcome as MeasureView } from '@blueconsent/contract/adherence'
import type { MeasureOutcome } from './pdc.ts'

export function toMeasureView(outcome: MeasureOutcome): MeasureView {
  return {
    measure: outcome.measure,
    label: outcome.label,
    status: outcome.status,
    exclusion: outcome.exclusion,
    pdc: outcome.pdc,
    fills: outcome.fills,
    index_date: outcome.indexDate,
    period_end: outcome.periodEnd,
    period_days: outcome.periodDays,
    covered_days: outcome.coveredDays,
    stay_days: outcome.stayDays,
    last_fill: outcome.lastFill
      ? {
          date: outcome.lastFill.date,
          drug_name: outcome.lastFill.drugName,
          days_supply: outcome.lastFill.daysSupply,
        }
      : null,
    covered_through: outcome.coveredThrough,
    ran_out_on: outcome.ranOutOn,
    days_without: outcome.daysWithout,
  }
}

/** A measure below the threshold as a list flags it; null for any other outcome. */
export function toFlag(outcome: MeasureOutcome): AdherenceFlag | null {
  if (outcome.status !== 'below_threshold' || outcome.pdc === null) return null
  const view = toMeasureView(outcome)
  return {
    measure: view.measure,
    label: view.label,
    pdc: outcome.pdc,
    last_fill: view.last_fill,
    ran_out_on: view.ran_out_on,
    days_without: view.days_without,
  }
}
