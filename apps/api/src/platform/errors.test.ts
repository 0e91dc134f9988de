import { describe, expect, it } from 'vitest'
import {
  FieldValidationError,
  conflictFor,
  fieldError,
  issuesToFieldErrors,
  type UniqueConflicts,
} from './errors.ts'

describe('issuesToFieldErrors', () => {
  it('groups messages by top-level field and puts root issues under non_field_errors', () => {
    expect(
      issuesToFieldErrors([
        { instancePath: '/password', message: 'too short' },
        { instancePath: '/password', message: 'too weak' },
        { instancePath: '/address/zip', message: 'bad zip' },
        { instancePath: '/', message: 'whole body wrong' },
        { instancePath: '' },
      ]),
    ).toEqual({
      password: ['too short', 'too weak'],
      address: ['bad zip'],
      non_field_errors: ['whole body wrong', 'Invalid value.'],
    })
  })
})

describe('conflictFor', () => {
  const driverError = (constraint: string) =>
    Object.assign(new Error('duplicate key'), { code: '23505', constraint })
  // Drizzle wraps the driver's error; the constraint is found on its cause.
  const wrapped = (cause: unknown) => Object.assign(new Error('Failed query'), { cause })
  const conflicts: UniqueConflicts = new Map([['things_name_key', () => fieldError('name', 'Taken')]])

  it('answers a named constraint with its feature’s answer, wrapped or not', () => {
    expect(conflictFor(wrapped(driverError('things_name_key')), conflicts)).toMatchObject({
      fields: { name: ['Taken'] },
    })
    expect(conflictFor(driverError('things_name_key'), conflicts)).toBeInstanceOf(FieldValidationError)
  })

  it('answers any other unique violation with a 409, and anything else not at all', () => {
    expect(conflictFor(wrapped(driverError('other_key')), conflicts)).toMatchObject({
      status: 409,
      code: 'conflict',
    })
    expect(conflictFor(new Error('boom'), conflicts)).toBeNull()
    expect(conflictFor(Object.assign(new Error('fk'), { code: '23503' }), conflicts)).toBeNull()
  })
})

describe('issuesToFieldErrors with inherited names', () => {
  it('keeps a field named like an Object property as a plain field', () => {
    const fields = issuesToFieldErrors([
      { instancePath: '/constructor', message: 'bad' },
      { instancePath: '/__proto__', message: 'worse' },
    ])
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype)
    expect(JSON.parse(JSON.stringify(fields))).toEqual({ constructor: ['bad'], ['__proto__']: ['worse'] })
  })
})
