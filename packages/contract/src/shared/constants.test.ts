import { describe, expect, it } from 'vitest'
import {
  AUTHORIZATION,
  BILLING,
  CLAIMS_PER_PAGE,
  COPYRIGHT_YEAR,
  DARK_THEMES,
  FEEDBACK_DISMISS_MS,
  HEALTH_PLAN,
  LOGIN_LOCKOUT,
  NETWORK,
  PASSWORD_MIN_LENGTH,
  SESSION,
  SUPPORT,
  THEMES,
} from './constants.ts'
import { US_STATES } from './us-states.ts'

describe('session, authorization and patient constants', () => {
  it('times sessions as specified', () => {
    expect(SESSION).toMatchObject({
      requestTimeoutMs: 15_000,
      refreshLeadMs: 60_000,
      refreshAtLifetimeFraction: 0.75,
      refreshRetryAttempts: 3,
      defaultTokenLifetimeMs: 3_600_000,
      tokenValidMarginMs: 5_000,
      checkIntervalMs: 30_000,
      expiringWarningMs: 60_000,
      oauthCodeVerifierLength: 64,
    })
  })
  it('locks login after 5 attempts for 60 s', () =>
    expect(LOGIN_LOCKOUT).toEqual({ attempts: 5, durationMs: 60_000 }))
  it('pages and refreshes authorization lists', () => {
    expect(AUTHORIZATION.listPageSize).toBe(6)
    expect(AUTHORIZATION.listRefreshMs).toBe(60_000)
    expect(AUTHORIZATION.renewalWindowDays).toBe(30)
    expect(AUTHORIZATION.providerValidityMonths).toBe(13)
    expect(AUTHORIZATION.agentValidityHours).toBe(10)
  })
  it('keeps the remaining limits', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8)
    expect(CLAIMS_PER_PAGE).toEqual({ aco: 20, physician: 15, other: 10 })
    expect(COPYRIGHT_YEAR).toBe(2025)
    expect(HEALTH_PLAN).toEqual({ slug: 'medicare', name: 'Medicare Blue Button' })
  })
})

describe('account, billing and shell constants', () => {
  it('dismisses feedback on time', () => {
    expect(FEEDBACK_DISMISS_MS).toMatchObject({ success: 5000, error: 8000, warning: 6000, info: 5000 })
  })
  it('prices seats in cents', () => expect(BILLING.seatPriceCents).toBe(1999))
  it('bounds support requests', () =>
    expect(SUPPORT).toEqual({ subjectMax: 200, messageMin: 10, messageMax: 5000, replyHours: 24 }))
  it('detects slow connections', () =>
    expect(NETWORK).toMatchObject({ slowRttMs: 400, slowDownlinkMbps: 0.5 }))
  it('offers the 32 daisyUI 4 themes, default light and dark', () => {
    expect(THEMES).toHaveLength(32)
    expect(new Set(THEMES).size).toBe(32)
    expect(THEMES).toContain('light')
    expect(THEMES).toContain('dark')
    for (const theme of DARK_THEMES) expect(THEMES).toContain(theme)
  })
})

it('lists the 50 states plus DC', () => {
  expect(US_STATES).toHaveLength(51)
  expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51)
  expect(US_STATES.find((s) => s.code === 'DC')?.name).toBe('District of Columbia')
})
