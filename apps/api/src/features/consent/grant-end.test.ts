import { describe, expect, it } from 'vitest'
import { grantEnd, medicareGrantEnd } from './grant-end.ts'

const NOW = new Date('2026-01-15T12:00:00Z')
const provider = { authorizationType: 'healthcare_provider' as const }
const agent = { authorizationType: 'insurance_agent' as const }
const noExpiry = { accessGrantExpiration: null }

describe('grantEnd', () => {
  it('lasts 13 months for a provider and 10 hours for an agent when nothing shorter was chosen', () => {
    expect(grantEnd(NOW, provider, noExpiry, null).toISOString()).toBe('2027-02-15T12:00:00.000Z')
    expect(grantEnd(NOW, agent, noExpiry, null).toISOString()).toBe('2026-01-15T22:00:00.000Z')
  })

  it('ends after the days chosen at creation (the organisation’s default), never after Blue Button’s grant', () => {
    expect(grantEnd(NOW, provider, noExpiry, 30).toISOString()).toBe('2026-02-14T12:00:00.000Z')
    const bbEnd = new Date('2026-01-20T00:00:00Z')
    expect(grantEnd(NOW, provider, { accessGrantExpiration: bbEnd }, 30)).toEqual(bbEnd)
    expect(grantEnd(NOW, provider, noExpiry, 393) <= grantEnd(NOW, provider, noExpiry, null)).toBe(true)
  })

  it('ignores a chosen length for an agent', () => {
    expect(grantEnd(NOW, agent, noExpiry, 30).toISOString()).toBe('2026-01-15T22:00:00.000Z')
  })
})

describe('grantEnd and Medicare’s one-time grant', () => {
  it('keeps an agent’s 10 hours when Blue Button’s one-time grant ends after its one-hour token', () => {
    const oneHour = { accessGrantExpiration: new Date('2026-01-15T13:00:00Z') }
    expect(grantEnd(NOW, agent, oneHour, null).toISOString()).toBe('2026-01-15T22:00:00.000Z')
  })
})

describe('medicareGrantEnd', () => {
  it('is Blue Button’s grant expiration for a 13-month grant', () => {
    const bbEnd = new Date('2027-02-15T12:00:00Z')
    expect(medicareGrantEnd(NOW, { accessGrantExpiration: bbEnd, refreshToken: 'r' })).toEqual(bbEnd)
  })

  it('is the single token’s hour for a one-time grant, and unknown when CMS gave no date', () => {
    expect(medicareGrantEnd(NOW, { accessGrantExpiration: null, refreshToken: null })?.toISOString()).toBe(
      '2026-01-15T13:00:00.000Z',
    )
    expect(medicareGrantEnd(NOW, { accessGrantExpiration: null, refreshToken: 'r' })).toBeNull()
  })
})
