import { describe, expect, it } from 'vitest'
import {
  MESSAGES,
  formatPhone,
  isValidName,
  isValidPatientId,
  isValidPhone,
  isValidPostalCode,
  isValidState,
  nameSchema,
  patientIdSchema,
  phoneDigits,
  phoneSchema,
  postalCodeSchema,
  stateSchema,
  toE164,
  AUTHORIZATION_PHONE_PATTERN,
} from './validators.ts'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('phone', () => {
  it.each([
    '(555) 123-4567',
    '555-123-4567',
    '555.123.4567',
    '5551234567',
    '+1 555 123 4567',
    '1-555-123-4567',
  ])('accepts %s', (value) => expect(isValidPhone(value)).toBe(true))
  it.each(['', '555-1234', '(555) 123-456', '+44 20 7946 0958', '555-123-45678', 'abc-def-ghij'])(
    'rejects %s',
    (value) => expect(isValidPhone(value)).toBe(false),
  )
  it('answers the spec message', () => {
    expect(firstMessage(phoneSchema.safeParse('12'))).toBe(
      'Please enter a valid phone number (e.g., (555) 123-4567)',
    )
  })
  it('formats as the user types and stops at 10 digits', () => {
    expect(formatPhone('5')).toBe('(5')
    expect(formatPhone('5551')).toBe('(555) 1')
    expect(formatPhone('5551234567')).toBe('(555) 123-4567')
    expect(formatPhone('555123456789')).toBe('(555) 123-4567')
    expect(formatPhone('')).toBe('')
    expect(AUTHORIZATION_PHONE_PATTERN.test(formatPhone('5551234567'))).toBe(true)
  })
  it('drops a leading country code', () => {
    expect(phoneDigits('+1 (555) 123-4567')).toBe('5551234567')
    expect(toE164('(555) 123-4567')).toBe('+15551234567')
  })
})

describe('postal code', () => {
  it.each(['12345', '12345-6789', 'K1A 0B1', 'k1a0b1', 'M5V-3L9'])('accepts %s', (value) =>
    expect(isValidPostalCode(value)).toBe(true),
  )
  it.each(['1234', '123456', '12345-678', 'K1A 0B', 'AAA AAA'])('rejects %s', (value) =>
    expect(isValidPostalCode(value)).toBe(false),
  )
  it('answers the spec message', () => {
    expect(firstMessage(postalCodeSchema.safeParse('1'))).toBe('Please enter a valid postal code')
  })
})

describe('name', () => {
  it.each(["Mary O'Neil", 'Jean-Luc', 'José', 'A', 'x'.repeat(50)])('accepts %s', (value) =>
    expect(isValidName(value)).toBe(true),
  )
  it.each(['', '   ', 'x'.repeat(51), 'R2D2', 'Bob!', 'a_b'])('rejects %s', (value) =>
    expect(isValidName(value)).toBe(false),
  )
  it('answers the spec message', () => {
    expect(firstMessage(nameSchema.safeParse('R2D2'))).toBe('Please enter a valid name')
  })
})

describe('state', () => {
  it('accepts the 50 states and DC', () => {
    expect(isValidState('CA')).toBe(true)
    expect(isValidState('DC')).toBe(true)
  })
  it.each(['ca', 'PR', 'XX', 'CAL', ''])('rejects %s', (value) => expect(isValidState(value)).toBe(false))
  it('answers the spec message', () => {
    expect(firstMessage(stateSchema.safeParse('ZZ'))).toBe('Please select a valid US state')
  })
})

describe('patient id', () => {
  it('accepts an 8-4-4-4-12 hex UUID in either case', () => {
    expect(isValidPatientId('3f2504e0-4f89-11d3-9a0c-0305e82c3301')).toBe(true)
    expect(isValidPatientId('3F2504E0-4F89-11D3-9A0C-0305E82C3301')).toBe(true)
  })
  it.each([
    '',
    '123',
    '3f2504e0-4f89-11d3-9a0c-0305e82c330',
    'g3f2504e0-4f89-11d3-9a0c-0305e82c3301',
    "1' OR 1=1",
  ])('rejects %s with the spec message', (value) => {
    expect(isValidPatientId(value)).toBe(false)
    expect(firstMessage(patientIdSchema.safeParse(value))).toBe(MESSAGES.patientId)
  })
  it('uses the spec wording', () => expect(MESSAGES.patientId).toBe('Invalid patient ID format'))
})

it('keeps the generic required message', () => expect(MESSAGES.required).toBe('This field is required'))
