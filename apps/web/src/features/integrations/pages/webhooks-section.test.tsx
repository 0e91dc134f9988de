import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { axeViolations } from '@/testing/axe.ts'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { userWithRole } from '@/testing/fixtures.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'

// vi.waitFor gives up after 1 s by default; CI runs this beside other suites on two cores.
const WAIT = { timeout: 5_000 }

const slow = { timeout: 10_000 }
const ENDPOINT_ID = '33333333-3333-4333-8333-333333333333'
const DELIVERY_ID = '44444444-4444-4444-8444-444444444444'
const URL_OF_ENDPOINT = 'https://hooks.riverbend.example/blueconsent'
const ENDPOINT = {
  id: ENDPOINT_ID,
  url: URL_OF_ENDPOINT,
  description: '',
  events: ['request.authorized', 'data.ready'],
  enabled: true,
  disabled_reason: null,
  previous_secret_expires_at: null,
  failing_since: null,
  created_at: '2026-11-20T10:00:00Z',
}
const DELIVERY = {
  id: DELIVERY_ID,
  message_id: `msg_${DELIVERY_ID}`,
  event_type: 'data.ready',
  status: 'delivered',
  attempts: 2,
  response_code: 200,
  error: null,
  created_at: '2026-11-27T09:00:00Z',
  last_attempt_at: '2026-11-27T09:00:06Z',
  next_attempt_at: null,
  delivered_at: '2026-11-27T09:00:06Z',
}

/** The page's calls: the endpoint list is empty until an endpoint is added. */
function pageFake() {
  document.cookie = 'csrftoken=test-csrf; path=/'
  let added = false
  return createFakeFetch()
    .on('GET /api/integrations/apps/', json(200, { results: [] }))
    .on('GET /api/integrations/webhooks/', () =>
      Promise.resolve(json(200, { results: added ? [ENDPOINT] : [] })),
    )
    .on('POST /api/integrations/webhooks/', () => {
      added = true
      return Promise.resolve(
        json(201, { id: ENDPOINT_ID, secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3I=' }),
      )
    })
}

describe('Webhooks on the Integrations page', { timeout: 30_000 }, () => {
  it('adds an endpoint with the chosen events and shows its signing secret once', async () => {
    const user = userEvent.setup()
    await signIn(userWithRole('ACO_ADMIN'))
    const fake = pageFake()
    renderApp('/app/integrations', { fake })
    expect(await screen.findByRole('heading', { name: 'Webhooks' }, slow)).toBeTruthy()
    expect(await screen.findByText('No endpoints yet.', undefined, slow)).toBeTruthy()
    await user.type(screen.getByLabelText('Endpoint URL'), URL_OF_ENDPOINT)
    await user.click(screen.getByRole('checkbox', { name: /request\.created/ }))
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }))
    expect((await screen.findByTestId('webhook-secret', undefined, slow)).textContent).toMatch(/^whsec_/)
    const [call] = fake.callsTo('POST /api/integrations/webhooks/')
    const sent = call?.body as { url: string; events: string[] }
    expect(sent.url).toBe(URL_OF_ENDPOINT)
    expect(sent.events).not.toContain('request.created')
    expect(sent.events).toContain('data.ready')
    expect(await screen.findByRole('listitem', { name: URL_OF_ENDPOINT }, slow)).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    await user.click(screen.getByRole('button', { name: 'I have copied the secret' }))
    expect(screen.queryByTestId('webhook-secret')).toBeNull()
  })

  it('refuses a plain-http address off this machine before sending it', async () => {
    const user = userEvent.setup()
    await signIn(userWithRole('PHYSICIAN_ADMIN'))
    const fake = pageFake()
    renderApp('/app/integrations', { fake })
    await user.type(
      await screen.findByLabelText('Endpoint URL', undefined, slow),
      'http://hooks.example.com/in',
    )
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }))
    expect(await screen.findByText(/Enter an absolute https:\/\/ address/)).toBeTruthy()
    expect(fake.callsTo('POST /api/integrations/webhooks/')).toHaveLength(0)
  })

  it('shows an endpoint’s delivery log with the response code and attempts, and resends', async () => {
    const user = userEvent.setup()
    await signIn(userWithRole('ACO_ADMIN'))
    const fake = createFakeFetch()
      .on('GET /api/integrations/apps/', json(200, { results: [] }))
      .on('GET /api/integrations/webhooks/', json(200, { results: [ENDPOINT] }))
      .on(`GET /api/integrations/webhooks/${ENDPOINT_ID}/deliveries/`, json(200, { results: [DELIVERY] }))
      .on(
        `POST /api/integrations/webhooks/${ENDPOINT_ID}/deliveries/${DELIVERY_ID}/resend/`,
        json(202, { ...DELIVERY, status: 'pending' }),
      )
    document.cookie = 'csrftoken=test-csrf; path=/'
    renderApp('/app/integrations', { fake })
    const row = await screen.findByRole('listitem', { name: URL_OF_ENDPOINT }, slow)
    await user.click(within(row).getByRole('button', { name: 'Deliveries' }))
    const table = await within(row).findByRole('table', undefined, slow)
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells.slice(0, 4)).toEqual(['data.ready', 'Delivered', '200', '2'])
    expect(await axeViolations()).toEqual([])
    await user.click(within(table).getByRole('button', { name: /^Resend data\.ready/ }))
    await vi.waitFor(
      () =>
        expect(
          fake.callsTo(`POST /api/integrations/webhooks/${ENDPOINT_ID}/deliveries/${DELIVERY_ID}/resend/`),
        ).toHaveLength(1),
      WAIT,
    )
  })
})
