import { describe, expect, it } from 'vitest'
import { SHORT_HISTORY, shortHistoryLimitation } from './data-limitations.ts'

const NOW = new Date('2026-11-27T12:00:00Z')

describe('shortHistoryLimitation', () => {
  it('says HCCs may be missing when the record starts less than a year ago, naming its start', () => {
    expect(shortHistoryLimitation(['2026-05-01', null, '2026-03-04T10:00:00Z'], NOW)).toEqual({
      code: SHORT_HISTORY,
      message:
        'The Medicare record covers less than a year (it starts 2026-03-04): HCCs documented before then may be missing.',
    })
  })

  it('says so when nothing is dated', () => {
    expect(shortHistoryLimitation([null, undefined, ''], NOW)?.message).toBe(
      'The Medicare record holds no dated claims or fills yet: HCCs may be missing.',
    )
  })

  it('says nothing for a record of a year or more', () => {
    expect(shortHistoryLimitation(['2025-11-27', '2026-06-01'], NOW)).toBeNull()
    expect(shortHistoryLimitation(['2025-11-28'], NOW)?.code).toBe(SHORT_HISTORY)
  })
})
