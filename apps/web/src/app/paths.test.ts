import { OAUTH_CONSENT_PATH, WEB_OAUTH_REDIRECT_PATH } from '@blueconsent/contract/auth'
import { NON_FIELD_ERRORS } from '@blueconsent/contract/shared'
import { describe, expect, it } from 'vitest'
import { NON_FIELD_ERRORS_KEY } from '../lib/api-error.ts'
import { loginWithNext, paths } from './paths.ts'

describe('paths', () => {
  it('spells the contract values it copies to stay off the login route bundle', () => {
    expect(paths.oauthCallback).toBe(WEB_OAUTH_REDIRECT_PATH)
    expect(paths.oauthConsent).toBe(OAUTH_CONSENT_PATH)
    expect(NON_FIELD_ERRORS_KEY).toBe(NON_FIELD_ERRORS)
  })

  it('builds a login URL carrying the encoded next path', () => {
    expect(loginWithNext('/app/dashboard?tab=a&b=c')).toBe(
      '/app/login?next=%2Fapp%2Fdashboard%3Ftab%3Da%26b%3Dc',
    )
  })
})
