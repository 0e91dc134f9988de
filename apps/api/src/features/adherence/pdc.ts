// Proportion of days covered (PDC) for the Part D Star adherence measures, computed from a patient's fills
// the way PQA specifies it and CMS applies it:
// - the measurement year stands alone: fills before 1 January are not carried in, supply past the end of the
//   period is cut off; a year still running is measured to the as-of date;
// - a patient is measured after at least two fills of the class on different days; the treatment period
//   starts at the first (the index date) and must be at least 91 days long;
// - a later fill of the same drug that overlaps an earlier one starts the day after the earlier runs out;
//   different drugs of the class on the same day count that day once;
// - days in a hospital or skilled nursing facility stay leave the period, and supply that would have been
//   used during the stay is used after it (the facility supplied the drug);
// - hospice, ESRD and the measure's own exclusions (insulin, sacubitril/valsartan) leave the patient out.
// Pure: no database, no clock; dates are ISO days (YYYY-MM-DD).
import {
  MEASURES,
  countedIngredients,
  excludesFromMeasure,
  type AdherenceMeasure,
  type MeasureDefinition,
} from './drug-classes.ts'

export const ADHERENCE_THRESHOLD = 0.8
/** The shortest treatment period PQA measures. */
export const MINIMUM_TREATMENT_DAYS = 91

export type Fill = { date: string; daysSupply: number | null; drugName: string | null }
/** An inpatient or SNF stay, admission to discharge, both days included. */
export type Stay = { start: string; end: string }

export type AdherenceInput = {
  year: number
  /** The last day the data can speak for (today while the year runs). */
  asOf: string
  fills: readonly Fill[]
  stays: readonly Stay[]
  inHospice: boolean
  hasEsrd: boolean
}

export type Exclusion = 'hospice' | 'esrd' | 'insulin' | 'sacubitril_valsartan'
export type MeasureStatus =
  'adherent' | 'below_threshold' | 'not_enough_fills' | 'too_soon' | 'excluded' | 'no_fills'

export type MeasureOutcome = {
  measure: AdherenceMeasure
  label: string
  status: MeasureStatus
  exclusion: Exclusion | null
  /** 0 to 1, null when the patient is not measured. */
  pdc: number | null
  fills: number
  indexDate: string | null
  periodEnd: string
  /** Days of the treatment period outside any stay (the denominator). */
  periodDays: number
  coveredDays: number
  stayDays: number
  lastFill: { date: string; drugName: string | null; daysSupply: number | null } | null
  /** The last day the supply covered, null when nothing was covered. */
  coveredThrough: string | null
  /** The first day without supply after the last covered day, when that is inside the period. */
  ranOutOn: string | null
  /** Days of the period (outside stays) with no supply. */
  daysWithout: number
}

const DAY_MS = 86_400_000
export const dayNumber = (iso: string): number =>
  Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS)
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)

type Period = { first: number; last: number }

function measurementPeriod(year: number, asOf: string): Period {
  const first = dayNumber(`${year}-01-01`)
  return { first, last: Math.min(dayNumber(`${year}-12-31`), dayNumber(asOf)) }
}

type CountedFill = Fill & { day: number; drug: string; supply: number }

function countedFills(definition: MeasureDefinition, fills: readonly Fill[], period: Period): CountedFill[] {
  const counted: CountedFill[] = []
  for (const fill of fills) {
    const day = dayNumber(fill.date)
    const supply = Math.round(fill.daysSupply ?? 0)
    const ingredients = countedIngredients(definition, fill.drugName)
    if (day < period.first || day > period.last || supply < 1 || ingredients.length === 0) continue
    counted.push({ ...fill, day, drug: ingredients.join('+'), supply })
  }
  return counted.sort((a, b) => a.day - b.day || a.drug.localeCompare(b.drug))
}

function exclusionOf(definition: MeasureDefinition, input: AdherenceInput, period: Period): Exclusion | null {
  if (input.inHospice) return 'hospice'
  if (input.hasEsrd) return 'esrd'
  const inYear = input.fills.filter((fill) => {
    const day = dayNumber(fill.date)
    return day >= period.first && day <= period.last
  })
  if (!inYear.some((fill) => excludesFromMeasure(definition, fill.drugName))) return null
  return definition.measure === 'diabetes' ? 'insulin' : 'sacubitril_valsartan'
}

/** Marks the days of `period` inside any stay. */
function stayDaysOf(stays: readonly Stay[], period: Period): boolean[] {
  const inStay = new Array<boolean>(period.last - period.first + 1).fill(false)
  for (const stay of stays) {
    const from = Math.max(dayNumber(stay.start), period.first)
    const to = Math.min(dayNumber(stay.end), period.last)
    for (let day = from; day <= to; day += 1) inStay[day - period.first] = true
  }
  return inStay
}

/**
 * Lays each fill's supply day by day from its start: a fill of the same drug waits for the one before to run
 * out, and stay days are skipped (the supply is used after discharge). Returns which days are covered.
 */
function coveredDaysOf(fills: readonly CountedFill[], inStay: readonly boolean[], period: Period): boolean[] {
  const covered = new Array<boolean>(inStay.length).fill(false)
  const nextFreeDay = new Map<string, number>()
  for (const fill of fills) {
    let day = Math.max(fill.day, nextFreeDay.get(fill.drug) ?? fill.day)
    let left = fill.supply
    while (left > 0 && day <= period.last) {
      if (!inStay[day - period.first]) {
        covered[day - period.first] = true
        left -= 1
      }
      day += 1
    }
    nextFreeDay.set(fill.drug, day)
  }
  return covered
}

function lastCoveredDay(covered: readonly boolean[], period: Period): number | null {
  const index = covered.lastIndexOf(true)
  return index < 0 ? null : period.first + index
}

/** The outcome of one measure for one patient and measurement year. */
export function measureAdherence(definition: MeasureDefinition, input: AdherenceInput): MeasureOutcome {
  const year = measurementPeriod(input.year, input.asOf)
  const fills = countedFills(definition, input.fills, year)
  const last = fills.at(-1)
  const outcome: MeasureOutcome = {
    measure: definition.measure,
    label: definition.label,
    status: 'no_fills',
    exclusion: exclusionOf(definition, input, year),
    pdc: null,
    fills: fills.length,
    indexDate: fills[0]?.date ?? null,
    periodEnd: isoDay(year.last),
    periodDays: 0,
    coveredDays: 0,
    stayDays: 0,
    lastFill: last ? { date: last.date, drugName: last.drugName, daysSupply: last.daysSupply } : null,
    coveredThrough: null,
    ranOutOn: null,
    daysWithout: 0,
  }
  if (fills.length === 0) return outcome
  if (outcome.exclusion) return { ...outcome, status: 'excluded' }
  if (new Set(fills.map((fill) => fill.day)).size < 2) return { ...outcome, status: 'not_enough_fills' }
  const period = { first: fills[0]?.day ?? year.first, last: year.last }
  if (period.last - period.first + 1 < MINIMUM_TREATMENT_DAYS) return { ...outcome, status: 'too_soon' }
  return { ...outcome, ...pdcOver(fills, input.stays, period) }
}

function pdcOver(
  fills: readonly CountedFill[],
  stays: readonly Stay[],
  period: Period,
): Pick<
  MeasureOutcome,
  'status' | 'pdc' | 'periodDays' | 'coveredDays' | 'stayDays' | 'coveredThrough' | 'ranOutOn' | 'daysWithout'
> {
  const inStay = stayDaysOf(stays, period)
  const covered = coveredDaysOf(fills, inStay, period)
  const stayDays = inStay.filter(Boolean).length
  const periodDays = inStay.length - stayDays
  const coveredDays = covered.filter(Boolean).length
  const pdc = periodDays === 0 ? 1 : coveredDays / periodDays
  const through = lastCoveredDay(covered, period)
  const ranOut = through === null ? period.first : through + 1
  return {
    status: pdc < ADHERENCE_THRESHOLD ? 'below_threshold' : 'adherent',
    pdc,
    periodDays,
    coveredDays,
    stayDays,
    coveredThrough: through === null ? null : isoDay(through),
    ranOutOn: ranOut <= period.last ? isoDay(ranOut) : null,
    daysWithout: periodDays - coveredDays,
  }
}

/** The three measures for one patient and year, in the Star Ratings' order. */
export function adherenceFor(input: AdherenceInput): MeasureOutcome[] {
  return MEASURES.map((definition) => measureAdherence(definition, input))
}
