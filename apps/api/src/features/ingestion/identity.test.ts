import { describe, expect, it } from 'vitest'
import { checkIdentity, differencesOf, nameTokens } from './identity.ts'

const base = {
  requestedName: 'Jane Q. Doe',
  requestedBirthDate: null,
  beneficiaryFamilyName: 'Doe',
  beneficiaryBirthDate: '1950-01-02',
}

describe('checkIdentity', () => {
  it('matches the family name in either name order, ignoring case and accents', () => {
    expect(checkIdentity(base).match).toBe(true)
    expect(checkIdentity({ ...base, requestedName: 'DOE, JANE' }).match).toBe(true)
    expect(
      checkIdentity({ ...base, requestedName: 'María García López', beneficiaryFamilyName: 'Garcia-Lopez' })
        .match,
    ).toBe(true)
  })

  it('flags a different family name', () => {
    expect(checkIdentity({ ...base, beneficiaryFamilyName: 'Smith' })).toEqual({
      match: false,
      reasons: ['family_name'],
    })
  })

  it('flags a different birth date only when both are known', () => {
    expect(checkIdentity({ ...base, requestedBirthDate: '1950-01-03' })).toEqual({
      match: false,
      reasons: ['birth_date'],
    })
    expect(checkIdentity({ ...base, requestedBirthDate: '1950-01-02' }).match).toBe(true)
    expect(
      checkIdentity({ ...base, beneficiaryBirthDate: null, requestedBirthDate: '1950-01-03' }).match,
    ).toBe(true)
  })

  it('flags a mismatch on the name alone, the birth date alone, and both, from the birth date typed', () => {
    const typed = { ...base, requestedBirthDate: '1950-01-02' }
    const nameOnly = checkIdentity({ ...typed, beneficiaryFamilyName: 'Garcia' })
    const dateOnly = checkIdentity({ ...typed, beneficiaryBirthDate: '1961-07-04' })
    const both = checkIdentity({
      ...typed,
      beneficiaryFamilyName: 'Garcia',
      beneficiaryBirthDate: '1961-07-04',
    })
    expect(nameOnly).toEqual({ match: false, reasons: ['family_name'] })
    expect(dateOnly).toEqual({ match: false, reasons: ['birth_date'] })
    expect(both).toEqual({ match: false, reasons: ['family_name', 'birth_date'] })
    expect(differencesOf(nameOnly.reasons)).toEqual(['name'])
    expect(differencesOf(dateOnly.reasons)).toEqual(['birth_date'])
    expect(differencesOf(both.reasons)).toEqual(['name', 'birth_date'])
    expect(differencesOf(['name_withheld'])).toEqual(['name'])
  })

  it('asks for review when Medicare withheld the name (nothing proves who consented)', () => {
    expect(checkIdentity({ ...base, beneficiaryFamilyName: null })).toEqual({
      match: false,
      reasons: ['name_withheld'],
    })
  })

  it('tokenises names', () => {
    expect(nameTokens("  O'Brien-Núñez Jr. ")).toEqual(['o', 'brien', 'nunez', 'jr'])
  })
})
