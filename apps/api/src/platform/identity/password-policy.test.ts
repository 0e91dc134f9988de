import { MESSAGES } from '@blueconsent/contract/shared'
import { describe, expect, it } from 'vitest'
import { hashNewPassword, passwordWeakness } from './password-policy.ts'

describe('new passwords', () => {
  it('refuses common and breached passwords, padded or capitalised', () => {
    for (const password of ['password123', 'Password123!', 'qwerty123', 'letmein!', 'iloveyou2', '12345678'])
      expect(passwordWeakness(password), password).toBe(MESSAGES.passwordTooCommon)
  })

  it("refuses the account's own address, its name part, and the service's name", () => {
    const email = 'dana.reyes@clinic.example'
    expect(passwordWeakness('dana.reyes@clinic.example', { email })).toBe(MESSAGES.passwordTooPersonal)
    expect(passwordWeakness('DanaReyes2026', { email })).toBe(MESSAGES.passwordTooPersonal)
    expect(passwordWeakness('BlueConsent2026!')).toBe(MESSAGES.passwordTooPersonal)
  })

  it('accepts a long unusual password, and the demo password', () => {
    expect(passwordWeakness('correct horse battery staple', { email: 'a@b.example' })).toBeNull()
    expect(passwordWeakness('BlueConsent-Demo-2025')).toBeNull()
    expect(passwordWeakness('Tr0ub4dor&3-lantern')).toBeNull()
  })

  it('answers a refused password as an error on the field it was typed into', async () => {
    await expect(hashNewPassword('password123', 'new_password')).rejects.toMatchObject({
      fields: { new_password: [MESSAGES.passwordTooCommon] },
    })
    await expect(hashNewPassword('a much better passphrase', 'password')).resolves.toMatch(/^\$argon2id\$/)
  })
})
