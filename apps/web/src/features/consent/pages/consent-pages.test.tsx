import axe from 'axe-core'
import type { ConsentPage } from '@blueconsent/contract/consent'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { renderApp } from '@/testing/render-app.tsx'
import { browser } from '../browser.ts'

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789'
const LINK = `GET /api/consent/${TOKEN}/`
const CONNECT = `POST /api/consent/${TOKEN}/connect/`
const DECLINE = `POST /api/consent/${TOKEN}/decline/`

const openLink = (overrides: Partial<ConsentPage> = {}): ConsentPage => ({
  state: 'open',
  status: 'pending',
  language: 'en',
  requester_name: 'Jordan Lee',
  requester_role: 'ACO_USER',
  requester_role_label: 'ACO Provider',
  organization_name: 'Riverbend Health ACO',
  data_types: ['medications', 'claims', 'risk_score'],
  authorization_type: 'healthcare_provider',
  access_duration: 'thirteen_months',
  duration_days: null,
  expires_at: '2026-12-01T12:00:00.000Z',
  ...overrides,
})

function fakeWith(link: ConsentPage) {
  document.cookie = 'csrftoken=test-csrf; path=/'
  return createFakeFetch().on(LINK, json(200, link))
}

async function axeViolations(): Promise<string[]> {
  // jsdom renders no CSS, so contrast is checked by the e2e axe run instead.
  const results = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  })
  expect(results.passes.length).toBeGreaterThan(5)
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  )
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 })

afterEach(() => vi.restoreAllMocks())

describe('consent page', { timeout: 20_000 }, () => {
  it('names who asks, why, which data and for how long, in English, without axe violations', async () => {
    renderApp(`/consent/${TOKEN}`, { fake: fakeWith(openLink()) })
    expect(await heading('Share your Medicare information?')).toBeInTheDocument()
    expect(
      screen.getByText(
        'Jordan Lee (Care provider) at Riverbend Health ACO is asking to see some of your Medicare information.',
      ),
    ).toBeInTheDocument()
    expect(screen.getByText(/Your prescription medicines/)).toBeInTheDocument()
    expect(screen.getByText(/Your Medicare claims/)).toBeInTheDocument()
    expect(screen.getByText(/health risk score/)).toBeInTheDocument()
    expect(
      screen.getByText('For 13 months from when you agree, unless you stop it sooner.'),
    ).toBeInTheDocument()
    expect(
      screen.getByText("Medicare's own access lasts 13 months at most, and ends sooner if you stop it."),
    ).toBeInTheDocument()
    expect(screen.getByText('This link works until December 1, 2026 at 7:00 AM ET.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Connect with Medicare' })).toBeInTheDocument()
    await waitFor(() => expect(document.documentElement.lang).toBe('en'))
    expect(await axeViolations()).toEqual([])
  })

  it('switches to Spanish and keeps it in the URL; agents’ patients see medications only, once', async () => {
    const app = renderApp(`/consent/${TOKEN}`, {
      fake: fakeWith(
        openLink({
          data_types: ['medications'],
          authorization_type: 'insurance_agent',
          access_duration: 'one_time',
          requester_role: 'AGENT_USER',
        }),
      ),
    })
    await heading('Share your Medicare information?')
    expect(screen.queryByText(/Your Medicare claims/)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Español' }))
    expect(await heading('¿Compartir su información de Medicare?')).toBeInTheDocument()
    expect(app.router.state.location.search).toBe('?lang=es')
    expect(screen.getByText(/Agente de seguros/)).toBeInTheDocument()
    expect(
      screen.getByText(
        'Solo una vez. Pueden ver una copia de su lista de medicamentos por 10 horas desde que usted acepte.',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByText('Medicare les da una sola copia: su acceso dura 1 hora y no se puede renovar.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Conectar con Medicare' })).toBeInTheDocument()
    await waitFor(() => expect(document.documentElement.lang).toBe('es'))
    expect(await axeViolations()).toEqual([])
  })

  it('says exactly what Medicare is asked for, per authorization type, in English and Spanish', async () => {
    const itemsUnder = (name: string) => {
      const section = screen.getByRole('heading', { level: 2, name }).closest('section')
      return [...(section?.querySelectorAll('li') ?? [])].map((li) => li.textContent ?? '')
    }
    const scopesOf = (items: string[]) => items.map((item) => /\((patient\/[A-Za-z]+\.rs)\)/.exec(item)?.[1])
    const provider = renderApp(`/consent/${TOKEN}`, { fake: fakeWith(openLink()) })
    await heading('Share your Medicare information?')
    expect(scopesOf(itemsUnder('What we ask Medicare for'))).toEqual([
      'patient/ExplanationOfBenefit.rs',
      'patient/Patient.rs',
      'patient/Coverage.rs',
    ])
    expect(screen.getByText(/alcohol and substance use treatment records/)).toBeInTheDocument()
    provider.unmount()
    const agentLink = openLink({
      language: 'es',
      authorization_type: 'insurance_agent',
      access_duration: 'one_time',
      data_types: ['medications'],
      requester_role: 'AGENT_USER',
    })
    renderApp(`/consent/${TOKEN}`, { fake: fakeWith(agentLink) })
    await heading('¿Compartir su información de Medicare?')
    const agentItems = itemsUnder('Lo que le pedimos a Medicare')
    expect(scopesOf(agentItems)).toEqual([
      'patient/ExplanationOfBenefit.rs',
      'patient/Patient.rs',
      'patient/Coverage.rs',
    ])
    expect(agentItems[0]).toMatch(/Parte D/)
    expect(screen.getByText(/consumo de alcohol o sustancias/)).toBeInTheDocument()
  })

  it('opens in the language the request was sent in, unless the URL says otherwise', async () => {
    renderApp(`/consent/${TOKEN}`, { fake: fakeWith(openLink({ language: 'es' })) })
    expect(await heading('¿Compartir su información de Medicare?')).toBeInTheDocument()
  })

  it('connects: asks the server for Blue Button’s address in the chosen language and goes there', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined)
    const fake = fakeWith(openLink()).on(
      CONNECT,
      json(200, { authorize_url: 'http://localhost:8000/bb-sandbox/v2/o/authorize/?x=1' }),
    )
    renderApp(`/consent/${TOKEN}?lang=es`, { fake })
    await userEvent.click(await screen.findByRole('button', { name: 'Conectar con Medicare' }))
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost:8000/bb-sandbox/v2/o/authorize/?x=1'),
    )
    const call = fake.callsTo(CONNECT)[0]
    expect(call?.body).toEqual({ language: 'es' })
    expect(call?.headers.get('X-CSRFToken')).toBe('test-csrf')
    expect(call?.headers.get('Authorization')).toBeNull()
  })

  it('declines only after a confirm step, which can be cancelled', async () => {
    const fake = fakeWith(openLink()).on(DECLINE, json(200, { status: 'denied' }))
    renderApp(`/consent/${TOKEN}`, { fake })
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }))
    expect(await heading('Are you sure you want to decline?')).toBeInTheDocument()
    expect(fake.callsTo(DECLINE)).toHaveLength(0)
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, decline' }))
    expect(await heading('You declined')).toBeInTheDocument()
    expect(fake.callsTo(DECLINE)).toHaveLength(1)
    expect(await axeViolations()).toEqual([])
  })

  it.each([
    ['answered', 'This link was already used'],
    ['expired', 'This link has expired'],
    ['invalid', 'This link does not work'],
    ['unavailable', 'This request is not available right now'],
  ] as const)('explains a %s link and offers no buttons to answer', async (state, title) => {
    renderApp(`/consent/${TOKEN}`, {
      fake: fakeWith(
        openLink({
          state,
          ...(state === 'invalid' || state === 'unavailable' ? { organization_name: null } : {}),
        }),
      ),
    })
    expect(await heading(title)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Connect with Medicare' })).not.toBeInTheDocument()
    expect(await axeViolations()).toEqual([])
  })

  it('offers a retry when the page cannot load', async () => {
    document.cookie = 'csrftoken=test-csrf; path=/'
    const fake = createFakeFetch().on(LINK, json(503, { detail: 'Down', code: 'service_unavailable' }))
    renderApp(`/consent/${TOKEN}`, { fake })
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 })
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong while loading this page.')
    fake.on(LINK, json(200, openLink()))
    await userEvent.click(retry)
    expect(await screen.findByRole('button', { name: 'Connect with Medicare' })).toBeInTheDocument()
  })
})

describe('consent complete page', { timeout: 20_000 }, () => {
  it('confirms the connection and explains how to withdraw', async () => {
    renderApp('/consent/complete?result=authorized&lang=en')
    expect(await heading('You are connected')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'How to stop sharing' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Medicare.gov' })).toHaveAttribute(
      'href',
      'https://www.medicare.gov/',
    )
    expect(screen.getByText(/contact the organization that asked you/)).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])
  })

  it('speaks Spanish and covers denied and error', async () => {
    renderApp('/consent/complete?result=denied&lang=es')
    expect(await heading('Usted dijo que no')).toBeInTheDocument()
    await waitFor(() => expect(document.documentElement.lang).toBe('es'))
  })

  it('treats an unknown result as an error', async () => {
    renderApp('/consent/complete?result=whatever')
    expect(await heading('We could not connect to Medicare')).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])
  })
})
