import { describe, expect, it } from 'vitest'
import { makePatientAccessToken, readPatientAccessToken } from './access-token.ts'

const KEY = Buffer.alloc(32, 7)
const OTHER_KEY = Buffer.alloc(32, 8)
const ID = '0b7e2d6c-1f1a-4c55-9d3e-5a1b2c3d4e5f'
const END = new Date('2026-11-28T00:00:00Z')
const DAY = 86_400_000

describe('patient access token', () => {
  const token = makePatientAccessToken(KEY, ID, END)

  it('names its request until 30 days after access ends', () => {
    expect(readPatientAccessToken(KEY, token, new Date(END.getTime() + 29 * DAY))).toBe(ID)
    expect(readPatientAccessToken(KEY, token, new Date(END.getTime() + 30 * DAY))).toBeNull()
  })

  it('refuses a tampered id, expiry or signature, and another key', () => {
    const now = new Date(END.getTime() - DAY)
    const [id, expiry, sig] = token.split('.') as [string, string, string]
    const otherId = Buffer.from(ID.replace('0b7e', '0b7f')).toString('base64url')
    expect(readPatientAccessToken(KEY, `${otherId}.${expiry}.${sig}`, now)).toBeNull()
    expect(
      readPatientAccessToken(KEY, `${id}.${(parseInt(expiry, 36) + 1).toString(36)}.${sig}`, now),
    ).toBeNull()
    expect(readPatientAccessToken(KEY, `${id}.${expiry}.${sig.slice(0, -1)}A`, now)).toBeNull()
    expect(readPatientAccessToken(OTHER_KEY, token, now)).toBeNull()
    expect(readPatientAccessToken(KEY, 'not-a-token', now)).toBeNull()
  })
})
