import { describe, expect, it } from 'vitest'
import { providerLabel } from './format.ts'

describe('providerLabel', () => {
  it('reads a provider by name, else labels the bare NPI as an NPI', () => {
    expect(providerLabel('Sunrise Family Medicine', '1234567893')).toBe('Sunrise Family Medicine')
    // The API falls back to the NPI when Medicare gave no name: it must not read as a name.
    expect(providerLabel('1948832088', '1948832088')).toBe('NPI 1948832088')
    expect(providerLabel(null, '1948832088')).toBe('NPI 1948832088')
    expect(providerLabel(null, null)).toBeNull()
  })
})
