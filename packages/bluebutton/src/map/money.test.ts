import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isValidNpi } from './fhir-read.ts'
import { centsToDecimalString, sumCents, toCents } from './money.ts'

describe('toCents', () => {
  it.each([
    [60.7, 6070],
    [0.29, 29],
    [1.005, 101],
    [84999.37, 8499937],
    [-12.5, -1250],
    [0, 0],
    ['113.80', 11380],
    [1e21, null],
    [Number.NaN, null],
    ['12,00', null],
    [null, null],
  ])('%j → %j', (input, cents) => {
    expect(toCents(input)).toBe(cents)
  })

  it('is exact for every two-decimal amount (no float drift)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => {
        expect(toCents(Number(centsToDecimalString(cents)))).toBe(cents)
      }),
    )
  })

  it('sums as integers and keeps "none present" distinct from zero', () => {
    expect(sumCents([10, null, 20])).toBe(30)
    expect(sumCents([null, null])).toBeNull()
    expect(sumCents([0])).toBe(0)
    expect(centsToDecimalString(-5)).toBe('-0.05')
  })
})

describe('isValidNpi', () => {
  it('accepts real check digits and rejects dummy values', () => {
    expect(isValidNpi('1306849450')).toBe(true)
    expect(isValidNpi('1225301823')).toBe(true)
    expect(isValidNpi('1306849451')).toBe(false)
    expect(isValidNpi('999999999999999')).toBe(false)
    expect(isValidNpi('K25852')).toBe(false)
  })
})
