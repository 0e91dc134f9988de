import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { setFullPageLoader } from '@/lib/navigation.ts'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

// vi.waitFor gives up after 1 s by default; CI runs this beside other suites on two cores.
const WAIT = { timeout: 5_000 }

const fullPageNavigate = vi.fn<(url: string) => void>()
beforeEach(() => setFullPageLoader(fullPageNavigate))

const REQUEST = {
  response_type: 'code',
  client_id: 'bc_abc',
  redirect_uri: 'https://care.example/cb',
  scope: 'read write',
  state: 's-1',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
}
// Generous waits: the page loads lazily and a busy machine can take seconds.
const slow = { timeout: 10_000 }
const URL_OF_PAGE = `/app/oauth/consent?${new URLSearchParams(REQUEST).toString()}`
const DETAILS = {
  app_name: 'Care Sync',
  organization_name: 'Riverbend ACO',
  redirect_uri: 'https://care.example/cb',
  scopes: [
    { scope: 'read', description: 'Read the data you can see' },
    { scope: 'write', description: 'Create and change data on your behalf' },
  ],
}

function consentFake() {
  document.cookie = 'csrftoken=test-csrf; path=/'
  return createFakeFetch().on('GET /api/oauth/consent/', json(200, DETAILS))
}

describe('OAuth consent page', { timeout: 30_000 }, () => {
  it('names the app, its organisation and its scopes, and Allow posts the decision then leaves for the app', async () => {
    const user = userEvent.setup()
    await signIn(userWithRole('ACO_USER'))
    const fake = consentFake().on(
      'POST /api/oauth/consent/',
      json(200, { redirect_to: 'https://care.example/cb?code=xyz&state=s-1' }),
    )
    renderApp(URL_OF_PAGE, { fake })
    expect(await screen.findByRole('heading', { level: 1, name: 'Authorize Care Sync' }, slow)).toBeTruthy()
    expect(screen.getByText('Riverbend ACO')).toBeTruthy()
    expect(screen.getByRole('list', { name: 'What the app may do' }).textContent).toContain(
      'Create and change data on your behalf',
    )
    expect(await axeViolations()).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Allow' }))
    await vi.waitFor(
      () => expect(fullPageNavigate).toHaveBeenCalledWith('https://care.example/cb?code=xyz&state=s-1'),
      WAIT,
    )
    const [call] = fake.callsTo('POST /api/oauth/consent/')
    expect(call?.body).toEqual({ ...REQUEST, decision: 'allow' })
    expect(call?.headers.get('x-csrftoken')).toBe('test-csrf')
  })

  it('Deny posts a deny decision', async () => {
    const user = userEvent.setup()
    await signIn(userWithRole('ACO_USER'))
    const fake = consentFake().on(
      'POST /api/oauth/consent/',
      json(200, { redirect_to: 'https://care.example/cb?error=access_denied&state=s-1' }),
    )
    renderApp(URL_OF_PAGE, { fake })
    await user.click(await screen.findByRole('button', { name: 'Deny' }, slow))
    await vi.waitFor(() => expect(fake.callsTo('POST /api/oauth/consent/')).toHaveLength(1), WAIT)
    expect(fake.callsTo('POST /api/oauth/consent/')[0]?.body).toMatchObject({ decision: 'deny' })
  })

  it('says why when the request cannot be answered (another organisation’s app)', async () => {
    await signIn(userWithRole('PHYSICIAN_USER'))
    const fake = createFakeFetch().on(
      'GET /api/oauth/consent/',
      json(403, {
        detail: 'This app belongs to another organization. Only its members can authorize it.',
        code: 'permission_denied',
      }),
    )
    renderApp(URL_OF_PAGE, { fake })
    expect(
      await screen.findByText(
        'This app belongs to another organization. Only its members can authorize it.',
        {},
        slow,
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Allow' })).toBeNull()
  })
})
