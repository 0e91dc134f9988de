import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import {
  BASE,
  CLIENTS,
  PREFIX,
  REDIRECT,
  STATE,
  authorizeParams,
  consentRedirect,
  form,
  makeSandbox,
  pathOf,
  pkce,
  type TestClock,
} from './helpers.ts'

let app: FastifyInstance
let clock: TestClock
beforeAll(async () => ({ app, clock } = await makeSandbox()))
afterAll(() => app.close())

const authorize = (params: URLSearchParams) =>
  app.inject({ method: 'GET', url: `${PREFIX}/v2/o/authorize/?${params}` })

async function loginAs(username: string, password = `PW${username.slice(-5)}!`, params = authorizeParams()) {
  const start = await authorize(params)
  const authRequest = new URL(String(start.headers.location)).searchParams.get('auth_request') ?? ''
  return app.inject({
    method: 'POST',
    url: `${PREFIX}/mymedicare/login`,
    ...form({ auth_request: authRequest, username, password }),
  })
}

describe('authorize request validation', () => {
  it.each([
    [
      'state missing',
      { state: undefined },
      400,
      { status_code: 400, message: 'Missing Required Parameter(s): state' },
    ],
    [
      'state shorter than 16',
      { state: 'fifteen-chars-x' },
      400,
      { status_code: 400, message: 'State parameter should have a minimum of 16 characters' },
    ],
    [
      'client_secret on the URL',
      { client_secret: 'x' },
      400,
      { status_code: 400, message: 'Illegal query parameter [client_secret] detected' },
    ],
    [
      'client_id missing',
      { client_id: undefined },
      400,
      { status_code: 400, error: 'invalid_request', error_description: 'Missing client_id parameter.' },
    ],
    [
      'unknown client_id',
      { client_id: 'nope' },
      400,
      { status_code: 400, error: 'invalid_request', error_description: 'Invalid client_id parameter value.' },
    ],
    [
      'redirect_uri missing',
      { redirect_uri: undefined },
      400,
      { status_code: 400, error: 'invalid_request', error_description: 'Missing redirect URI.' },
    ],
    [
      'redirect_uri differs by a trailing slash',
      { redirect_uri: `${REDIRECT}/` },
      400,
      { status_code: 400, error: 'invalid_request', error_description: 'Mismatching redirect URI.' },
    ],
    [
      'code_challenge missing',
      { code_challenge: undefined },
      400,
      { status_code: 400, error: 'invalid_request', error_description: 'Code challenge required.' },
    ],
    [
      'plain challenge method',
      { code_challenge_method: 'plain' },
      400,
      { status_code: 400, error: 'invalid_request', error_description: 'code_challenge_method must be S256' },
    ],
    [
      'challenge method missing',
      { code_challenge_method: undefined },
      400,
      { status_code: 400, error: 'invalid_request', error_description: 'code_challenge_method must be S256' },
    ],
  ])('%s → %i with Blue Button body', async (_name, overrides, status, body) => {
    const res = await authorize(authorizeParams(overrides))
    expect(res.statusCode).toBe(status)
    expect(res.json()).toEqual(body)
  })

  it('refuses an inactive application with 403', async () => {
    const res = await authorize(authorizeParams({ client_id: CLIENTS.inactive.clientId }))
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toMatch(/^This application, App inactive, is temporarily inactive/)
  })

  it('redirects a wrong response_type back to the app with the OAuth error and state', async () => {
    const res = await authorize(authorizeParams({ response_type: 'token' }))
    expect(res.statusCode).toBe(302)
    const to = new URL(String(res.headers.location))
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT)
    expect(to.searchParams.get('error')).toBe('unsupported_response_type')
    expect(to.searchParams.get('state')).toBe(STATE)
  })

  it('sends a valid request to the login page on the public base URL', async () => {
    const res = await authorize(authorizeParams())
    expect(res.statusCode).toBe(302)
    expect(String(res.headers.location)).toMatch(
      new RegExp(`^${BASE}/mymedicare/login\\?auth_request=[0-9a-f-]{36}$`),
    )
  })

  it('accepts the same request as a POST form and also without the trailing slash', async () => {
    const post = await app.inject({
      method: 'POST',
      url: `${PREFIX}/v2/o/authorize/`,
      ...form(Object.fromEntries(authorizeParams())),
    })
    expect(post.statusCode).toBe(302)
    const noSlash = await app.inject({ method: 'GET', url: `${PREFIX}/v2/o/authorize?${authorizeParams()}` })
    expect(noSlash.statusCode).toBe(302)
  })

  it('answers a POST without state in the body with 401', async () => {
    const params = Object.fromEntries(authorizeParams({ state: undefined }))
    const res = await app.inject({
      method: 'POST',
      url: `${PREFIX}/v2/o/authorize/?state=${STATE}`,
      ...form(params),
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ status_code: 401, message: 'State required in POST body.' })
  })
})

describe('login page (synthetic Medicare.gov)', () => {
  it('renders an accessible form with Username, Password and Sign in', async () => {
    const start = await authorize(authorizeParams())
    const page = await app.inject({ method: 'GET', url: pathOf(String(start.headers.location)) })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain('<html lang="en">')
    expect(page.body).toMatch(/<h1>/)
    expect(page.body).toContain('<label for="username">Username</label>')
    expect(page.body).toContain('<label for="password">Password</label>')
    expect(page.body).toMatch(/<button type="submit" id="sign-in">Sign in<\/button>/)
    expect(page.body).toContain(`action="${BASE}/mymedicare/login"`)
    // No inline style: a host app's CSP (style-src 'self') still lets the page render.
    expect(page.body).not.toContain('<style')
    expect(page.body).toContain(`<link rel="stylesheet" href="${BASE}/mymedicare/static/sandbox.css">`)
    const css = await app.inject({ method: 'GET', url: `${PREFIX}/mymedicare/static/sandbox.css` })
    expect(css.headers['content-type']).toMatch(/^text\/css/)
    expect(css.body).toContain('font-family')
  })

  it('speaks Spanish with lang=es or Accept-Language: es', async () => {
    const byParam = await authorize(authorizeParams({ lang: 'es' }))
    const page = await app.inject({ method: 'GET', url: pathOf(String(byParam.headers.location)) })
    expect(page.body).toContain('<html lang="es">')
    expect(page.body).toContain('<label for="username">Nombre de usuario</label>')
    expect(page.body).toContain('Iniciar sesión</button>')
    const byHeader = await app.inject({
      method: 'GET',
      url: `${PREFIX}/v2/o/authorize/?${authorizeParams()}`,
      headers: { 'accept-language': 'es-US,es;q=0.9' },
    })
    const headerPage = await app.inject({ method: 'GET', url: pathOf(String(byHeader.headers.location)) })
    expect(headerPage.body).toContain('<html lang="es">')
  })

  it('rejects a wrong password with 401 and an alert', async () => {
    const res = await loginAs('BBUser00001', 'PW00002!')
    expect(res.statusCode).toBe(401)
    expect(res.body).toContain('role="alert"')
  })

  it('shows the "patient data cannot be found" page, without redirect, for a user with no record', async () => {
    const res = await loginAs('BBUser05555')
    expect(res.statusCode).toBe(404)
    expect(res.headers.location).toBeUndefined()
    expect(res.body).toContain('patient data cannot be found')
  })

  it('expires the pending request after 10 minutes', async () => {
    const start = await authorize(authorizeParams())
    clock.advance(10 * 60 * 1000 + 1)
    const page = await app.inject({ method: 'GET', url: pathOf(String(start.headers.location)) })
    expect(page.statusCode).toBe(400)
    expect(page.body).toContain('expired')
  })
})

describe('consent page', () => {
  it('shows Allow, Deny, the share checkbox and the 13-month end date', async () => {
    const login = await loginAs('BBUser00000')
    expect(login.statusCode).toBe(302)
    const page = await app.inject({ method: 'GET', url: pathOf(String(login.headers.location)) })
    expect(page.statusCode).toBe(200)
    expect(page.body).toMatch(/<button type="submit" name="allow" value="Allow" id="allow">Allow<\/button>/)
    expect(page.body).toMatch(/<button type="submit" name="deny" value="Deny" id="deny">Deny<\/button>/)
    expect(page.body).toMatch(/<label for="share-demographics">Share personal information/)
    expect(page.body).toMatch(/for 13 months, until [A-Z][a-z]+ \d{1,2}, \d{4}\./)
  })

  it('says "for 1 hour" for a one-time application', async () => {
    const login = await loginAs(
      'BBUser00000',
      'PW00000!',
      authorizeParams({ client_id: CLIENTS.agent.clientId }),
    )
    const page = await app.inject({ method: 'GET', url: pathOf(String(login.headers.location)) })
    expect(page.body).toContain('for 1 hour')
  })

  it('answers 400 Invalid scopes. for a scope the app is not registered for', async () => {
    const params = authorizeParams({
      client_id: CLIENTS.noDemographics.clientId,
      scope: 'patient/Patient.rs patient/Coverage.rs',
    })
    const login = await loginAs('BBUser00000', 'PW00000!', params)
    const page = await app.inject({ method: 'GET', url: pathOf(String(login.headers.location)) })
    expect(page.statusCode).toBe(400)
    expect(page.json()).toEqual({ status_code: 400, message: 'Invalid scopes.' })
  })

  it('omits the share checkbox when the app does not collect demographics', async () => {
    const params = authorizeParams({ client_id: CLIENTS.noDemographics.clientId, scope: undefined })
    const login = await loginAs('BBUser00000', 'PW00000!', params)
    const page = await app.inject({ method: 'GET', url: pathOf(String(login.headers.location)) })
    expect(page.statusCode).toBe(200)
    expect(page.body).not.toContain('share-demographics')
  })

  it('Deny redirects with error=access_denied and the state', async () => {
    const to = await consentRedirect(app, { allow: false, challenge: pkce().challenge })
    expect(to.searchParams.get('error')).toBe('access_denied')
    expect(to.searchParams.get('state')).toBe(STATE)
    expect(to.searchParams.get('code')).toBeNull()
  })

  it('Allow redirects with a code and the state', async () => {
    const to = await consentRedirect(app, { challenge: pkce().challenge })
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT)
    expect(to.searchParams.get('code')).toMatch(/^[\w-]{20,}$/)
    expect(to.searchParams.get('state')).toBe(STATE)
  })

  it('withholding demographics with only Patient/profile requested leaves nothing usable: access_denied', async () => {
    const to = await consentRedirect(app, {
      share: false,
      scope: 'patient/Patient.rs profile',
      challenge: pkce().challenge,
    })
    expect(to.searchParams.get('error')).toBe('access_denied')
  })

  it('a consent page cannot be submitted twice', async () => {
    const login = await loginAs('BBUser00000')
    const consentPath = pathOf(String(login.headers.location))
    const first = await app.inject({ method: 'POST', url: consentPath, ...form({ allow: 'Allow' }) })
    expect(first.statusCode).toBe(302)
    const second = await app.inject({ method: 'POST', url: consentPath, ...form({ allow: 'Allow' }) })
    expect(second.statusCode).toBe(400)
  })
})
