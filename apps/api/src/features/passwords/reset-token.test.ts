import { describe, expect, it } from 'vitest'
import { checkResetToken, decodeUid, encodeUid, makeResetToken } from './reset-token.ts'

const key = Buffer.alloc(32, 3)
const user = { id: '0b7c6a3e-5d0f-4c1e-9a55-3f1f2f9d8e11', passwordHash: '$argon2id$v=19$abc' }
const now = new Date('2026-01-01T12:00:00Z')

describe('reset tokens', () => {
  it('accepts a fresh token for the same user and password hash', () => {
    expect(checkResetToken(key, user, makeResetToken(key, user, now), now)).toBe(true)
  })

  it('expires after one hour', () => {
    const token = makeResetToken(key, user, now)
    expect(checkResetToken(key, user, token, new Date(now.getTime() + 3600_000))).toBe(true)
    expect(checkResetToken(key, user, token, new Date(now.getTime() + 3601_000))).toBe(false)
  })

  it('dies when the password hash changes (single use)', () => {
    const token = makeResetToken(key, user, now)
    expect(checkResetToken(key, { ...user, passwordHash: '$argon2id$v=19$new' }, token, now)).toBe(false)
  })

  it('refuses another user, another key, a tampered timestamp and garbage', () => {
    const token = makeResetToken(key, user, now)
    expect(checkResetToken(key, { ...user, id: '1b7c6a3e-5d0f-4c1e-9a55-3f1f2f9d8e11' }, token, now)).toBe(
      false,
    )
    expect(checkResetToken(Buffer.alloc(32, 4), user, token, now)).toBe(false)
    const [timestamp, signature] = token.split('-')
    const shifted = (parseInt(timestamp ?? '0', 36) + 1).toString(36)
    expect(checkResetToken(key, user, `${shifted}-${signature}`, now)).toBe(false)
    expect(checkResetToken(key, user, 'nonsense', now)).toBe(false)
  })

  it('encodes user ids as uids and refuses non-uuid uids', () => {
    expect(decodeUid(encodeUid(user.id))).toBe(user.id)
    expect(decodeUid(Buffer.from('not-a-uuid').toString('base64url'))).toBeNull()
  })
})
