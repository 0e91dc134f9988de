import { describe, expect, it } from 'vitest'
import { isValidNpi, signupSchema } from './signup.ts'

describe('NPI check digit', () => {
  it('accepts NPIs that pass the Luhn check over the 80840 prefix', () => {
    // CMS's worked example, and a real-format NPI.
    expect(isValidNpi('1234567893')).toBe(true)
    expect(isValidNpi('1245319599')).toBe(true)
  })
  it('refuses a wrong check digit, letters and the wrong length', () => {
    for (const bad of ['1234567890', '123456789', '12345678931', '12345A7893'])
      expect(isValidNpi(bad)).toBe(false)
  })
})

describe('sign-up', () => {
  const base = {
    first_name: 'Pat',
    last_name: 'Doe',
    email: 'Pat@Example.org',
    password: 'Correct-Horse-9',
    password_confirm: 'Correct-Horse-9',
    organization_name: 'Lakeside Clinic',
  }
  it('asks each kind of customer for what they have', () => {
    expect(
      signupSchema.safeParse({
        ...base,
        account_type: 'physician',
        organization_type: 'FQHC',
        npi: '1234567893',
      }).success,
    ).toBe(true)
    expect(
      signupSchema.safeParse({ ...base, account_type: 'agent', npn: '1234567', license_state: 'AZ' }).success,
    ).toBe(true)
    expect(signupSchema.safeParse({ ...base, account_type: 'aco' }).data?.email).toBe('pat@example.org')
    const agent = signupSchema.safeParse({ ...base, account_type: 'agent', npn: 'x', license_state: 'ZZ' })
    expect(agent.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['license_state', 'npn'])
  })
  it('refuses mismatched passwords', () => {
    const result = signupSchema.safeParse({
      ...base,
      account_type: 'aco',
      password_confirm: 'other-password',
    })
    expect(result.error?.issues[0]?.path).toEqual(['password_confirm'])
  })
})

describe('an empty sign-up form', () => {
  it("names each missing field in the form's own words, never zod's", () => {
    for (const account_type of ['physician', 'agent', 'aco'] as const) {
      const result = signupSchema.safeParse({ account_type })
      const messages = result.error?.issues.map((issue) => issue.message) ?? []
      expect(messages.length, account_type).toBeGreaterThan(0)
      for (const message of messages) expect(message, account_type).not.toMatch(/Invalid input|expected/i)
      expect(messages).toEqual(expect.arrayContaining(['First name is required', 'Password is required']))
    }
  })
})
