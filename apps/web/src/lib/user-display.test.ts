import { describe, expect, it } from 'vitest'
import { displayFirstName, roleLabel, userInitials } from './user-display.ts'

describe('displayFirstName', () => {
  it('falls back from first name to full name to email local part to User', () => {
    expect(displayFirstName({ first_name: 'Dana', full_name: 'Dana Reyes', email: 'd@x.example' })).toBe(
      'Dana',
    )
    expect(displayFirstName({ first_name: '  ', full_name: 'Dana Reyes', email: 'd@x.example' })).toBe(
      'Dana Reyes',
    )
    expect(displayFirstName({ first_name: '', full_name: '', email: 'dana.reyes@x.example' })).toBe(
      'dana.reyes',
    )
    expect(displayFirstName({ email: '' })).toBe('User')
    expect(displayFirstName(null)).toBe('User')
  })
})

describe('userInitials', () => {
  it('uses first and last name, then full name words, then the email, then U', () => {
    expect(userInitials({ first_name: 'dana', last_name: 'reyes' })).toBe('DR')
    expect(userInitials({ first_name: 'Dana', last_name: '' })).toBe('D')
    expect(userInitials({ full_name: 'Mary Ann Lee' })).toBe('ML')
    expect(userInitials({ full_name: 'Cher' })).toBe('C')
    expect(userInitials({ email: 'zoe@x.example' })).toBe('Z')
    expect(userInitials({})).toBe('U')
  })
})

describe('roleLabel', () => {
  it('uses the contract labels', () => {
    expect(roleLabel('ACO_USER')).toBe('ACO Provider')
    expect(roleLabel('AGENT_ADMIN')).toBe('Agent Admin')
    expect(roleLabel(null)).toBe('')
  })
})
