import { describe, expect, it } from 'vitest'
import { postalState } from './ssa-state.ts'

describe('postalState', () => {
  it('reads SSA state codes as postal abbreviations', () => {
    expect(postalState('03')).toBe('AZ')
    expect(postalState('05')).toBe('CA')
    expect(postalState('09')).toBe('DC')
    expect(postalState('40')).toBe('PR')
    expect(postalState('53')).toBe('WY')
    expect(postalState('5')).toBe('CA')
  })

  it('keeps abbreviations, unknown codes and absence as they are', () => {
    expect(postalState('KY')).toBe('KY')
    expect(postalState('ky')).toBe('KY')
    expect(postalState('99')).toBe('99')
    expect(postalState(null)).toBeNull()
  })
})
