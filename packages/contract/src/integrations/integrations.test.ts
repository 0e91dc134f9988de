import { describe, expect, it } from 'vitest'
import { integrationAppCreateSchema, isAllowedRedirectUri } from './integrations.ts'

describe('redirect URIs of third-party apps', () => {
  it('accepts https anywhere and http only on this machine', () => {
    expect(isAllowedRedirectUri('https://app.example/cb')).toBe(true)
    expect(isAllowedRedirectUri('https://app.example:8443/cb?x=1')).toBe(true)
    expect(isAllowedRedirectUri('http://localhost:3000/cb')).toBe(true)
    expect(isAllowedRedirectUri('http://127.0.0.1/cb')).toBe(true)
    expect(isAllowedRedirectUri('http://[::1]:9000/cb')).toBe(true)
    expect(isAllowedRedirectUri('http://app.example/cb')).toBe(false)
    expect(isAllowedRedirectUri('http://localhost.evil.example/cb')).toBe(false)
  })

  it('refuses fragments, user info, other schemes and relative addresses', () => {
    expect(isAllowedRedirectUri('https://app.example/cb#x')).toBe(false)
    expect(isAllowedRedirectUri('https://app.example/cb#')).toBe(false)
    expect(isAllowedRedirectUri('https://user:pw@app.example/cb')).toBe(false)
    expect(isAllowedRedirectUri('javascript:alert(1)')).toBe(false)
    expect(isAllowedRedirectUri('com.example.app:/cb')).toBe(false)
    expect(isAllowedRedirectUri('/cb')).toBe(false)
  })

  it('needs a name and one to ten redirect URIs', () => {
    const valid = { name: 'App', redirect_uris: ['https://a.example/cb'] }
    expect(integrationAppCreateSchema.safeParse(valid).success).toBe(true)
    expect(integrationAppCreateSchema.safeParse({ ...valid, name: '  ' }).success).toBe(false)
    expect(integrationAppCreateSchema.safeParse({ ...valid, redirect_uris: [] }).success).toBe(false)
    const eleven = Array.from({ length: 11 }, (_, index) => `https://a.example/${index}`)
    expect(integrationAppCreateSchema.safeParse({ ...valid, redirect_uris: eleven }).success).toBe(false)
  })
})
