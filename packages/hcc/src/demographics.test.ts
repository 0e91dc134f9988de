import { describe, expect, it } from 'vitest'
import { normalizeDual } from './demographics.ts'

describe('normalizeDual', () => {
  it.each([
    ['02', '02'],
    ['NA', 'NA'],
    ['2', '02'],
    [' 8 ', '08'],
    ['na', 'NA'],
    ['0a', '0A'],
    [' 02', '02'],
    ['', 'NA'],
    [null, 'NA'],
    [undefined, 'NA'],
    ['10', '10'],
  ])('%j -> %s', (code, expected) => {
    expect(normalizeDual(code)).toBe(expected)
  })
})
