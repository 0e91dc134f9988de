import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { makeUser } from '@/testing/fixtures.ts'
import { renderApp } from '@/testing/render-app.tsx'
import { codeChallengeFor, createCodeVerifier } from '../api/pkce.ts'
import { beginOAuthSignIn } from './oauth-start-page.tsx'

describe('PKCE', () => {
  it('makes a 64-character verifier from the unreserved alphabet', () => {
    const verifier = createCodeVerifier()
    expect(verifier).toMatch(/^[A-Za-z0-9._~-]{64}$/)
    expect(createCodeVerifier()).not.toBe(verifier)
  })

  it('derives the S256 challenge of RFC 7636 appendix B', async () => {
    await expect(codeChallengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('builds the authorize URL and keeps verifier and state for this browser session', async () => {
    const url = new URL(await beginOAuthSignIn(), 'http://localhost')
    expect(url.pathname).toBe('/o/authorize/')
    expect(url.searchParams.get('client_id')).toBe('blueconsent-web')
    expect(url.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/app/oauth/callback'.replace(
        ':3000',
        window.location.port ? `:${window.location.port}` : '',
      ),
    )
    expect(url.searchParams.get('scope')).toBe('read write')
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('state')).toBe(sessionStorage.getItem('oauth_state'))
    const verifier = sessionStorage.getItem('oauth_code_verifier') ?? ''
    expect(url.searchParams.get('code_challenge')).toBe(await codeChallengeFor(verifier))
  })
})

describe('OAuth callback', () => {
  it('reports a missing code', async () => {
    renderApp('/app/oauth/callback?state=s1')
    expect(await screen.findByText('OAuth callback missing code')).toBeInTheDocument()
    expect(screen.getByText('Login failed. Please try again.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/app/login')
  })

  it('reports a state mismatch without calling the token endpoint', async () => {
    sessionStorage.setItem('oauth_state', 'expected-state')
    sessionStorage.setItem('oauth_code_verifier', 'v'.repeat(64))
    const app = renderApp('/app/oauth/callback?code=c1&state=other-state')
    expect(await screen.findByText('OAuth state mismatch')).toBeInTheDocument()
    expect(screen.getByText('Login failed. Please try again.')).toBeInTheDocument()
    expect(app.fake.callsTo('POST /o/token/')).toHaveLength(0)
  })

  it("shows 'Completing Login…' while the code is exchanged", async () => {
    sessionStorage.setItem('oauth_state', 's1')
    sessionStorage.setItem('oauth_code_verifier', 'v'.repeat(64))
    document.cookie = 'csrftoken=test-csrf; path=/'
    const fake = createFakeFetch().on('POST /o/token/', () => new Promise<Response>(() => undefined))
    renderApp('/app/oauth/callback?code=c1&state=s1', { fake })
    expect(await screen.findByRole('heading', { level: 1, name: 'Completing Login…' })).toBeInTheDocument()
  })

  it('shows Login failed when the exchange fails', async () => {
    sessionStorage.setItem('oauth_state', 's1')
    sessionStorage.setItem('oauth_code_verifier', 'v'.repeat(64))
    document.cookie = 'csrftoken=test-csrf; path=/'
    const fake = createFakeFetch().on('POST /o/token/', json(400, { error: 'invalid_grant' }))
    renderApp('/app/oauth/callback?code=c1&state=s1', { fake })
    expect(await screen.findByText('Login failed. Please try again.')).toBeInTheDocument()
  })

  it('exchanges the code with the verifier and lands on the dashboard', async () => {
    sessionStorage.setItem('oauth_state', 's1')
    sessionStorage.setItem('oauth_code_verifier', 'v'.repeat(64))
    document.cookie = 'csrftoken=test-csrf; path=/'
    const fake = createFakeFetch()
      .on(
        'POST /o/token/',
        json(200, {
          access_token: 'oauth-access',
          token_type: 'Bearer',
          expires_in: 3600,
          scope: 'read write',
        }),
      )
      .on(
        'GET /api/jwt/verify/',
        json(200, { user: makeUser(), tin_scope: { tin_ids: [], all_tins: true, is_aco: true } }),
      )
    const app = renderApp('/app/oauth/callback?code=c1&state=s1', { fake })
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/app/dashboard'))
    const body = new URLSearchParams(String(fake.callsTo('POST /o/token/')[0]?.body))
    expect(Object.fromEntries(body)).toMatchObject({
      grant_type: 'authorization_code',
      code: 'c1',
      client_id: 'blueconsent-web',
      code_verifier: 'v'.repeat(64),
    })
    expect(fake.callsTo('GET /api/jwt/verify/')[0]?.headers.get('Authorization')).toBe('Bearer oauth-access')
    expect(sessionStorage.getItem('oauth_state')).toBeNull()
  })
})
