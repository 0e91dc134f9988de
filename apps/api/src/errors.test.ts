import { describe, expect, it } from 'vitest'
import { issuesToFieldErrors } from './errors.ts'

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
