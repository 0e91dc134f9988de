import { describe, expect, it } from 'vitest'
import { cookiesAreSecure, refreshCookieOptions } from './cookies.ts'

describe('cookies', () => {
  it('are Secure except for plain http on a non-loopback host', () => {
    expect(cookiesAreSecure('https://portal.example')).toBe(true)
    expect(cookiesAreSecure('http://localhost:8000')).toBe(true)
    expect(cookiesAreSecure('http://127.0.0.1:8000')).toBe(true)
    expect(cookiesAreSecure('http://192.168.1.20:8000')).toBe(false)
  })

  it('persist with remember-me only, never past the 12 h cap', () => {
    const start = new Date('2026-01-01T00:00:00Z')
    const later = new Date(start.getTime() + 2 * 3600_000)
    expect(
      refreshCookieOptions('https://p.example', { rememberMe: true, familyCreatedAt: start }, later).maxAge,
    ).toBe(10 * 3600)
    expect(
      refreshCookieOptions('https://p.example', { rememberMe: false, familyCreatedAt: start }, later).maxAge,
    ).toBeUndefined()
  })
})
