import { describe, expect, it } from 'vitest'
import { MEASURES, countedIngredients, excludesFromMeasure } from './drug-classes.ts'
import { adherenceFor, measureAdherence, type AdherenceInput, type Fill } from './pdc.ts'

const [diabetes, ras, statins] = MEASURES as [
  (typeof MEASURES)[0],
  (typeof MEASURES)[0],
  (typeof MEASURES)[0],
]

const atorvastatin = (date: string, daysSupply: number | null = 30): Fill => ({
  date,
  daysSupply,
  drugName: 'Atorvastatin Calcium',
})
const rosuvastatin = (date: string, daysSupply = 30): Fill => ({
  date,
  daysSupply,
  drugName: 'Crestor (Rosuvastatin Calcium)',
})

const input = (fills: Fill[], overrides: Partial<AdherenceInput> = {}): AdherenceInput => ({
  year: 2025,
  asOf: '2026-03-01',
  fills,
  stays: [],
  inHospice: false,
  hasEsrd: false,
  ...overrides,
})

describe('drug classes', () => {
  it('classifies fills by the ingredient words of their name, combinations included', () => {
    expect(countedIngredients(statins, 'Atorvastatin Calcium')).toEqual(['atorvastatin'])
    expect(countedIngredients(diabetes, 'Janumet (Sitagliptin and Metformin Hydrochloride)')).toEqual([
      'metformin',
      'sitagliptin',
    ])
    expect(countedIngredients(ras, 'Lotrel (Amlodipine Besylate and Benazepril Hydrochloride)')).toEqual([
      'benazepril',
    ])
    expect(countedIngredients(statins, 'Gabapentin')).toEqual([])
    expect(countedIngredients(statins, null)).toEqual([])
  })

  it('leaves weight-loss-only GLP-1 brands out and names the excluding drugs', () => {
    expect(countedIngredients(diabetes, 'Wegovy (Semaglutide)')).toEqual([])
    expect(countedIngredients(diabetes, 'Ozempic (Semaglutide)')).toEqual(['semaglutide'])
    expect(excludesFromMeasure(diabetes, 'Lantus (Insulin Glargine)')).toBe(true)
    expect(excludesFromMeasure(ras, 'Entresto (Sacubitril and Valsartan)')).toBe(true)
    expect(excludesFromMeasure(ras, 'Valsartan')).toBe(false)
  })
})

describe('proportion of days covered', () => {
  it('covers every day when 30-day fills follow each other for the whole year', () => {
    const fills = Array.from({ length: 13 }, (_, i) =>
      atorvastatin(new Date(Date.UTC(2025, 0, 1 + 30 * i)).toISOString().slice(0, 10)),
    )
    const outcome = measureAdherence(statins, input(fills))
    expect(outcome).toMatchObject({
      status: 'adherent',
      pdc: 1,
      indexDate: '2025-01-01',
      periodEnd: '2025-12-31',
      periodDays: 365,
      coveredDays: 365,
      ranOutOn: null,
      daysWithout: 0,
    })
  })

  it('measures from the first fill, not from 1 January', () => {
    const outcome = measureAdherence(
      statins,
      input([atorvastatin('2025-07-01', 90), atorvastatin('2025-09-29', 90), atorvastatin('2025-12-28', 90)]),
    )
    // 1 July to 31 December is 184 days, all covered; the last fill's supply past the year is cut off.
    expect(outcome).toMatchObject({ periodDays: 184, coveredDays: 184, pdc: 1, coveredThrough: '2025-12-31' })
  })

  it('shifts an early refill of the same drug to the day after the previous supply ends', () => {
    // Two 30-day fills ten days apart: 60 days covered from 1 October, not 40.
    const outcome = measureAdherence(
      statins,
      input([atorvastatin('2025-10-01'), atorvastatin('2025-10-11')], { asOf: '2025-12-31' }),
    )
    expect(outcome.periodDays).toBe(92)
    expect(outcome.coveredDays).toBe(60)
    expect(outcome.coveredThrough).toBe('2025-11-29')
    expect(outcome.ranOutOn).toBe('2025-11-30')
    expect(outcome.daysWithout).toBe(32)
    expect(outcome.pdc).toBeCloseTo(60 / 92, 10)
    expect(outcome.status).toBe('below_threshold')
  })

  it('counts a day covered by two different drugs of the class once (a switch is not shifted)', () => {
    const outcome = measureAdherence(
      statins,
      input([atorvastatin('2025-10-01'), rosuvastatin('2025-10-11')], { asOf: '2025-12-31' }),
    )
    // 1 Oct to 9 Nov: atorvastatin 1–30 Oct, rosuvastatin 11 Oct–9 Nov → 40 days.
    expect(outcome.coveredDays).toBe(40)
    expect(outcome.coveredThrough).toBe('2025-11-09')
  })

  it('counts the gap between fills as days without medication', () => {
    const outcome = measureAdherence(
      statins,
      input([atorvastatin('2025-01-01', 90), atorvastatin('2025-06-01', 90), atorvastatin('2025-09-01', 90)]),
    )
    // Covered 1 Jan–31 Mar (90), 1 Jun–29 Aug (90), 1 Sep–30 Nov (91 days run to 29 Nov: 90).
    expect(outcome.coveredDays).toBe(270)
    expect(outcome.periodDays).toBe(365)
    expect(outcome.daysWithout).toBe(95)
    expect(outcome.pdc).toBeCloseTo(270 / 365, 10)
    expect(outcome.status).toBe('below_threshold')
    expect(outcome.ranOutOn).toBe('2025-11-30')
    expect(outcome.lastFill).toEqual({ date: '2025-09-01', drugName: 'Atorvastatin Calcium', daysSupply: 90 })
  })

  it('is adherent at exactly 80% and below it one day less', () => {
    const year = { asOf: '2025-12-31' }
    // 1 Jan–31 Mar is 90 days; 100 covered days out of 125 is 0.8.
    const at = measureAdherence(
      statins,
      input([atorvastatin('2025-01-01', 50), atorvastatin('2025-02-20', 50)], {
        ...year,
        asOf: '2025-05-05',
      }),
    )
    expect(at.periodDays).toBe(125)
    expect(at.coveredDays).toBe(100)
    expect(at.pdc).toBe(0.8)
    expect(at.status).toBe('adherent')
    const below = measureAdherence(
      statins,
      input([atorvastatin('2025-01-01', 50), atorvastatin('2025-02-20', 49)], {
        ...year,
        asOf: '2025-05-05',
      }),
    )
    expect(below.status).toBe('below_threshold')
  })
})

describe('hospital and nursing facility stays', () => {
  it('removes the stay days from the period', () => {
    const fills = [atorvastatin('2025-01-01', 90), atorvastatin('2025-04-01', 90)]
    const without = measureAdherence(statins, input(fills, { asOf: '2025-07-29' }))
    const withStay = measureAdherence(
      statins,
      input(fills, { asOf: '2025-07-29', stays: [{ start: '2025-07-20', end: '2025-07-29' }] }),
    )
    expect(without.periodDays).toBe(210)
    expect(withStay.stayDays).toBe(10)
    expect(withStay.periodDays).toBe(200)
  })

  it('uses the supply that fell during a stay after discharge, pushing later fills along', () => {
    // A 30-day fill on 1 March, a 10-day stay 11–20 March: the supply runs 1–10 March and 21 March–9 April;
    // the refill on 31 March starts on 10 April.
    const outcome = measureAdherence(
      statins,
      input([atorvastatin('2025-03-01'), atorvastatin('2025-03-31')], {
        asOf: '2025-06-30',
        stays: [{ start: '2025-03-11', end: '2025-03-20' }],
      }),
    )
    expect(outcome.stayDays).toBe(10)
    expect(outcome.periodDays).toBe(122 - 10)
    expect(outcome.coveredDays).toBe(60)
    expect(outcome.coveredThrough).toBe('2025-05-09')
    expect(outcome.ranOutOn).toBe('2025-05-10')
  })

  it('ignores stays outside the treatment period', () => {
    const outcome = measureAdherence(
      statins,
      input([atorvastatin('2025-09-01', 90), atorvastatin('2025-11-30', 90)], {
        stays: [
          { start: '2025-02-01', end: '2025-02-10' },
          { start: '2024-12-20', end: '2025-01-05' },
        ],
      }),
    )
    expect(outcome.stayDays).toBe(0)
    expect(outcome.pdc).toBe(1)
  })
})

describe('year boundaries', () => {
  it('does not carry supply from a fill of the year before', () => {
    const outcome = measureAdherence(
      statins,
      input([atorvastatin('2024-12-15', 90), atorvastatin('2025-03-15', 90), atorvastatin('2025-06-13', 90)]),
    )
    expect(outcome.indexDate).toBe('2025-03-15')
    expect(outcome.fills).toBe(2)
    // 15 March–31 December is 292 days; 180 of them covered.
    expect(outcome.periodDays).toBe(292)
    expect(outcome.coveredDays).toBe(180)
  })

  it('measures a year still running to the as-of day', () => {
    const outcome = measureAdherence(
      statins,
      input([atorvastatin('2026-01-10', 90), atorvastatin('2026-04-10', 90)], {
        year: 2026,
        asOf: '2026-06-30',
      }),
    )
    expect(outcome.periodEnd).toBe('2026-06-30')
    expect(outcome.periodDays).toBe(172)
    expect(outcome.coveredDays).toBe(172)
  })

  it('handles a leap year', () => {
    const outcome = measureAdherence(
      statins,
      input([atorvastatin('2024-01-01', 200), atorvastatin('2024-07-19', 200)], { year: 2024 }),
    )
    expect(outcome.periodDays).toBe(366)
    expect(outcome.coveredDays).toBe(366)
  })
})

describe('who is measured', () => {
  it('needs two fills on different days', () => {
    expect(measureAdherence(statins, input([atorvastatin('2025-02-01', 90)])).status).toBe('not_enough_fills')
    expect(
      measureAdherence(statins, input([atorvastatin('2025-02-01'), rosuvastatin('2025-02-01')])).status,
    ).toBe('not_enough_fills')
    expect(measureAdherence(statins, input([])).status).toBe('no_fills')
  })

  it('needs a treatment period of at least 91 days', () => {
    // 3 October to 31 December is 90 days; from 2 October it is 91.
    const fills = [atorvastatin('2025-10-03'), atorvastatin('2025-11-01')]
    expect(measureAdherence(statins, input(fills)).status).toBe('too_soon')
    // Three 30-day fills, each shifted after the one before: 90 of 91 days.
    expect(measureAdherence(statins, input([atorvastatin('2025-10-02'), ...fills])).status).toBe('adherent')
  })

  it('ignores fills without days supply or without a drug name', () => {
    const outcome = measureAdherence(
      statins,
      input([atorvastatin('2025-01-01', null), { date: '2025-02-01', daysSupply: 30, drugName: null }]),
    )
    expect(outcome.status).toBe('no_fills')
  })

  it('excludes insulin users from the diabetes measure and Entresto users from RAS', () => {
    const metformin = (date: string): Fill => ({ date, daysSupply: 90, drugName: 'Metformin Hydrochloride' })
    const fills = [metformin('2025-01-01'), metformin('2025-04-01')]
    expect(measureAdherence(diabetes, input(fills, { asOf: '2025-06-29' })).status).toBe('adherent')
    const withInsulin = measureAdherence(
      diabetes,
      input([...fills, { date: '2025-05-01', daysSupply: 30, drugName: 'Lantus (Insulin Glargine)' }]),
    )
    expect(withInsulin).toMatchObject({ status: 'excluded', exclusion: 'insulin', pdc: null })
    const losartan = (date: string): Fill => ({ date, daysSupply: 90, drugName: 'Losartan Potassium' })
    const withEntresto = measureAdherence(
      ras,
      input([
        losartan('2025-01-01'),
        losartan('2025-04-01'),
        { date: '2025-06-01', daysSupply: 30, drugName: 'Entresto (Sacubitril and Valsartan)' },
      ]),
    )
    expect(withEntresto.exclusion).toBe('sacubitril_valsartan')
  })

  it('excludes patients in hospice or with ESRD from every measure', () => {
    const fills = [atorvastatin('2025-01-01', 90), atorvastatin('2025-04-01', 90)]
    expect(adherenceFor(input(fills, { inHospice: true })).map((m) => m.exclusion)).toEqual([
      'hospice',
      'hospice',
      'hospice',
    ])
    expect(measureAdherence(statins, input(fills, { hasEsrd: true })).status).toBe('excluded')
  })

  it('reports the three measures in the Star Ratings order', () => {
    expect(adherenceFor(input([])).map((m) => m.measure)).toEqual(['diabetes', 'ras', 'statins'])
  })
})
