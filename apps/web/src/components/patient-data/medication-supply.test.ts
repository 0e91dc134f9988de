import { describe, expect, it } from 'vitest'
import { makeMedication } from '@/testing/fixtures.ts'
import { splitByCurrency, supplyEnds } from './medication-supply.ts'

describe('medication fills', () => {
  it('ends a fill on the last day its supply covers', () => {
    expect(supplyEnds(makeMedication({ start_date: '2026-10-01', days_supply: 30 }))).toBe('2026-10-30')
    expect(supplyEnds(makeMedication({ start_date: null, days_supply: null, end_date: '2026-02-01' }))).toBe(
      '2026-02-01',
    )
  })

  it('splits fills into current and past by fill date and days supply, newest first', () => {
    const medications = [
      makeMedication({ id: 'old', start_date: '2026-06-01', days_supply: 30 }),
      makeMedication({ id: 'now', start_date: '2026-11-01', days_supply: 90 }),
      makeMedication({ id: 'edge', start_date: '2026-10-22', days_supply: 30 }),
      makeMedication({ id: 'unknown', start_date: null, days_supply: null, end_date: null }),
    ]
    const { current, past } = splitByCurrency(medications, '2026-11-20')
    expect(current.map((item) => item.id)).toEqual(['now', 'edge'])
    expect(past.map((item) => item.id)).toEqual(['old', 'unknown'])
    expect(splitByCurrency(medications, '2026-11-21').current.map((item) => item.id)).toEqual(['now'])
  })
})
