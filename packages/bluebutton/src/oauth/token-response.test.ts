import { describe, expect, it } from 'vitest'
import { BlueButtonError } from '../errors.ts'
import { grantedScopes, parseGrantExpiration, parseTokenResponse } from './token-response.ts'

const NOW = new Date('2026-11-20T12:00:00Z')
const FULL = 'patient/Patient.rs patient/Coverage.rs patient/ExplanationOfBenefit.rs profile'

describe('parseTokenResponse', () => {
  it('reads a complete response', () => {
    const tokens = parseTokenResponse(
      {
        access_token: 'a',
        token_type: 'Bearer',
        expires_in: 3600,
        scope: FULL,
        refresh_token: 'r',
        patient: '-1',
        access_grant_expiration: '2027-12-20T12:00:00Z',
      },
      NOW,
    )
    expect(tokens).toMatchObject({
      accessToken: 'a',
      tokenType: 'Bearer',
      expiresIn: 3600,
      expiresAt: new Date('2026-11-20T13:00:00Z'),
      refreshToken: 'r',
      scopes: FULL.split(' '),
      granted: { patient: true, coverage: true, explanationOfBenefit: true, profile: true },
      demographicsWithheld: false,
      patientId: '-1',
      accessGrantExpiration: new Date('2027-12-20T12:00:00Z'),
      accessGrantExpirationRaw: '2027-12-20T12:00:00Z',
      warnings: [],
    })
  })

  it('notices withheld demographics from the granted scope', () => {
    const tokens = parseTokenResponse(
      { access_token: 'a', scope: 'patient/Coverage.rs patient/ExplanationOfBenefit.rs' },
      NOW,
    )
    expect(tokens.granted).toEqual({
      patient: false,
      coverage: true,
      explanationOfBenefit: true,
      profile: false,
    })
    expect(tokens.demographicsWithheld).toBe(true)
  })

  it('accepts legacy .read scopes', () => {
    expect(
      grantedScopes(['patient/Patient.read', 'patient/Coverage.read', 'patient/ExplanationOfBenefit.r']),
    ).toEqual({
      patient: true,
      coverage: true,
      explanationOfBenefit: true,
      profile: false,
    })
  })

  it('leaves patient null when Blue Button omits it, and stringifies a numeric one', () => {
    expect(parseTokenResponse({ access_token: 'a' }, NOW).patientId).toBeNull()
    expect(parseTokenResponse({ access_token: 'a', patient: '' }, NOW).patientId).toBeNull()
    expect(parseTokenResponse({ access_token: 'a', patient: -20140000010000 }, NOW).patientId).toBe(
      '-20140000010000',
    )
  })

  it('accepts fractional and string expires_in, and no refresh token for one-time apps', () => {
    const fractional = parseTokenResponse({ access_token: 'a', expires_in: 36000.5 }, NOW)
    expect(fractional.expiresAt).toEqual(new Date(NOW.getTime() + 36_000_500))
    expect(parseTokenResponse({ access_token: 'a', expires_in: '3600' }, NOW).expiresIn).toBe(3600)
    const junk = parseTokenResponse({ access_token: 'a', expires_in: 'soon' }, NOW)
    expect(junk.expiresIn).toBeNull()
    expect(junk.warnings).toHaveLength(1)
    expect(parseTokenResponse({ access_token: 'a', refresh_token: '' }, NOW).refreshToken).toBeNull()
  })

  it('reads the empty grant expiration of research apps as null without a warning', () => {
    const tokens = parseTokenResponse({ access_token: 'a', access_grant_expiration: '' }, NOW)
    expect(tokens.accessGrantExpiration).toBeNull()
    expect(tokens.accessGrantExpirationRaw).toBe('')
    expect(tokens.warnings).toEqual([])
  })

  it('throws invalid_response without an access token', () => {
    expect(() => parseTokenResponse({ token_type: 'Bearer' }, NOW)).toThrow(BlueButtonError)
    expect(() => parseTokenResponse('nope', NOW)).toThrow(/invalid_response/)
  })
})

describe('inferredDataAccessType', () => {
  it('guesses the application type from refresh token and grant end', () => {
    expect(
      parseTokenResponse({ access_token: 'a', access_grant_expiration: '2026-11-20T13:00:00Z' }, NOW)
        .inferredDataAccessType,
    ).toBe('ONE_TIME')
    expect(
      parseTokenResponse(
        { access_token: 'a', refresh_token: 'r', access_grant_expiration: '2027-12-20T12:00:00Z' },
        NOW,
      ).inferredDataAccessType,
    ).toBe('THIRTEEN_MONTH')
    expect(
      parseTokenResponse({ access_token: 'a', refresh_token: 'r', access_grant_expiration: '' }, NOW)
        .inferredDataAccessType,
    ).toBe('RESEARCH_STUDY')
    expect(
      parseTokenResponse({ access_token: 'a', refresh_token: 'r' }, NOW).inferredDataAccessType,
    ).toBeNull()
  })
})

describe('parseGrantExpiration', () => {
  it.each([
    ['2027-12-20T12:00:00Z', '2027-12-20T12:00:00.000Z'],
    ['2027-12-20 12:00:00Z', '2027-12-20T12:00:00.000Z'],
    ['2027-12-20T12:00:00.123456Z', '2027-12-20T12:00:00.123Z'],
    ['2027-12-20T07:00:00-05:00', '2027-12-20T12:00:00.000Z'],
    ['2027-12-20T12:00:00+0000', '2027-12-20T12:00:00.000Z'],
    ['2027-12-20T12:00:00', '2027-12-20T12:00:00.000Z'],
    ['2027-12-20 12:00', '2027-12-20T12:00:00.000Z'],
    ['2027-12-20', '2027-12-20T00:00:00.000Z'],
    ['1829995200', '2027-12-28T12:00:00.000Z'],
  ])('reads %s', (raw, iso) => {
    expect(parseGrantExpiration(raw)?.toISOString()).toBe(iso)
  })

  it.each(['', '   ', 'never', '2027-13-45T00:00:00Z'])('gives null for %j', (raw) => {
    expect(parseGrantExpiration(raw)).toBeNull()
  })
})
