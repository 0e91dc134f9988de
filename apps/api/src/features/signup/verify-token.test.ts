import { describe, expect, it } from 'vitest'
import { checkVerifyToken, makeVerifyToken, verifyTokenUserId } from './verify-token.ts'

const key = Buffer.alloc(32, 7)
const user = { id: '11111111-1111-4111-8111-111111111111', email: 'pat@example.org', emailVerifiedAt: null }
const now = new Date('2026-11-25T10:00:00Z')

describe('email verification tokens', () => {
  it('name their user and check for 24 hours', () => {
    const token = makeVerifyToken(key, user, now)
    expect(verifyTokenUserId(token)).toBe(user.id)
    expect(checkVerifyToken(key, user, token, new Date(now.getTime() + 23 * 3_600_000))).toBe(true)
    expect(checkVerifyToken(key, user, token, new Date(now.getTime() + 25 * 3_600_000))).toBe(false)
  })
  it('stop working once the address is verified, for another address, or when tampered with', () => {
    const token = makeVerifyToken(key, user, now)
    expect(checkVerifyToken(key, { ...user, emailVerifiedAt: now }, token, now)).toBe(false)
    expect(checkVerifyToken(key, { ...user, email: 'other@example.org' }, token, now)).toBe(false)
    expect(checkVerifyToken(key, user, `${token.slice(0, -1)}x`, now)).toBe(false)
    expect(verifyTokenUserId('garbage')).toBeNull()
  })
})
