import { describe, expect, it } from 'vitest'
import { makePatient } from '../testing/fixtures.ts'
import {
  patientAddress,
  patientBirthDate,
  patientDisplayName,
  patientMrn,
  patientPhone,
} from './patient-format.ts'

describe('patient field alternatives', () => {
  it('reads the name from full_name, else name, else the given and family names', () => {
    expect(patientDisplayName(makePatient({ full_name: 'Maria Lopez', name: 'M Lopez' }))).toBe('Maria Lopez')
    expect(patientDisplayName(makePatient({ full_name: '', name: 'M Lopez' }))).toBe('M Lopez')
    expect(
      patientDisplayName(
        makePatient({ full_name: '', name: '', given_names: ['Maria', 'Elena'], family_name: 'Lopez' }),
      ),
    ).toBe('Maria Elena Lopez')
    expect(
      patientDisplayName(makePatient({ full_name: '', name: '', given_names: [], family_name: null })),
    ).toBe('Unnamed patient')
  })

  it('reads either name of the birth date, MRN and phone', () => {
    const alternatives = makePatient({
      birth_date: null,
      date_of_birth: '1950-01-02',
      mrn: null,
      medical_record_number: 'M-9',
      phone_number: null,
      phone: '+15555550100',
    })
    expect(patientBirthDate(alternatives)).toBe('1950-01-02')
    expect(patientMrn(alternatives)).toBe('M-9')
    expect(patientPhone(alternatives)).toBe('+15555550100')
  })

  it('writes the address from its lines, city, state and ZIP, and as much of it as is known', () => {
    expect(patientAddress(makePatient())).toBe('12 Harbor Way, Springfield, IL 62701')
    expect(patientAddress(makePatient({ address_line: [], city: null }))).toBe('IL 62701')
    expect(
      patientAddress(makePatient({ address_line: [], city: null, state: null, postal_code: null })),
    ).toBeNull()
  })
})
