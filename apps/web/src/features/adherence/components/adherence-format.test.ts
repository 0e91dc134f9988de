import type { MeasureOutcome } from '@blueconsent/contract/adherence'
import { describe, expect, it } from 'vitest'
import { formatPdc, measureStatusText } from './adherence-format.ts'

const outcome = (overrides: Partial<MeasureOutcome>) =>
  ({ status: 'adherent', exclusion: null, ...overrides }) as MeasureOutcome

describe('adherence in words', () => {
  it('rounds the proportion down so a near miss never reads as 80%', () => {
    expect(formatPdc(0.7999)).toBe('79%')
    expect(formatPdc(0.8)).toBe('80%')
    expect(formatPdc(1)).toBe('100%')
    expect(formatPdc(null)).toBe('—')
  })

  it('says why a measure is not measured', () => {
    expect(measureStatusText(outcome({ status: 'excluded', exclusion: 'insulin' }))).toBe(
      'Not measured: takes insulin',
    )
    expect(measureStatusText(outcome({ status: 'not_enough_fills' }))).toBe(
      'Not measured yet: one fill this year',
    )
    expect(measureStatusText(outcome({ status: 'below_threshold' }))).toBe('Below 80%')
  })
})
