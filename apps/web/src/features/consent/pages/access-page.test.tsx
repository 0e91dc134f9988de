import axe from 'axe-core'
import type { PatientAccessPage } from '@blueconsent/contract/consent'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { renderApp } from '@/testing/render-app.tsx'

const TOKEN = 'aWQtb2YtYS1yZXF1ZXN0LXRoYXQtaXMtbG9uZw.tq2abc.' + 's'.repeat(43)
const PAGE = `GET /api/consent/access/${TOKEN}/`
const STOP = `POST /api/consent/access/${TOKEN}/stop/`

const active = (overrides: Partial<PatientAccessPage> = {}): PatientAccessPage => ({
  state: 'active',
  language: 'en',
  organization_name: 'Riverbend Health ACO',
  authorization_type: 'healthcare_provider',
  data_types: ['medications', 'claims', 'risk_score'],
  consented_at: '2026-11-27T14:24:00.000Z',
  last_read_at: '2026-11-28T15:00:00.000Z',
  last_read_by: 'Riverbend Health ACO',
  access_ends_at: '2027-12-27T14:24:00.000Z',
  ended_at: null,
  ended_how: null,
  ...overrides,
})

function fakeWith(page: PatientAccessPage) {
  document.cookie = 'csrftoken=test-csrf; path=/'
  return createFakeFetch().on(PAGE, json(200, page))
}

async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  })
  return results.violations.map((violation) => violation.id)
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name }, { timeout: 5000 })

describe('patient access page', { timeout: 20_000 }, () => {
  it('says who has the data, since when, the last read by which organisation and when access ends', async () => {
    renderApp(`/consent/access/${TOKEN}`, { fake: fakeWith(active()) })
    expect(await heading('Who has your Medicare data')).toBeInTheDocument()
    expect(screen.getByText('November 27, 2026 at 9:24 AM ET')).toBeInTheDocument()
    expect(screen.getByText('November 28, 2026 at 10:00 AM ET, by Riverbend Health ACO')).toBeInTheDocument()
    expect(screen.getByText('December 27, 2027 at 9:24 AM ET')).toBeInTheDocument()
    expect(await axeViolations()).toEqual([])
  })

  it('stops sharing only after a confirm, then says it ended', async () => {
    const fake = fakeWith(active()).on(
      STOP,
      json(200, active({ state: 'ended', ended_at: '2026-11-29T15:00:00.000Z', ended_how: 'stopped' })),
    )
    renderApp(`/consent/access/${TOKEN}`, { fake })
    await userEvent.click(await screen.findByRole('button', { name: 'Stop sharing' }))
    expect(await heading('Stop sharing with Riverbend Health ACO?')).toBeInTheDocument()
    expect(fake.callsTo(STOP)).toHaveLength(0)
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Stop sharing' }))
    await userEvent.click(screen.getByRole('button', { name: 'Yes, stop sharing' }))
    expect(await heading('You stopped sharing')).toBeInTheDocument()
    expect(fake.callsTo(STOP)).toHaveLength(1)
    const ended = screen.getByText('Access ended').closest('div') as HTMLElement
    expect(within(ended).getByText(/November 29, 2026 at 10:00 AM ET/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument()
  })

  it('opens in Spanish for a Spanish request', async () => {
    renderApp(`/consent/access/${TOKEN}`, {
      fake: fakeWith(active({ language: 'es', last_read_at: null, last_read_by: null })),
    })
    expect(await heading('Quién tiene sus datos de Medicare')).toBeInTheDocument()
    expect(screen.getByText('Todavía no')).toBeInTheDocument()
    expect(screen.getByText('27 de diciembre de 2027 a las 9:24 a. m. ET')).toBeInTheDocument()
    await waitFor(() => expect(document.documentElement.lang).toBe('es'))
  })

  it('says only that the link does not work when the server does not know it', async () => {
    const fake = createFakeFetch().on(PAGE, json(404, { detail: 'Not found.', code: 'not_found' }))
    renderApp(`/consent/access/${TOKEN}`, { fake })
    expect(await heading('This link does not work')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument()
    expect(await axeViolations()).toEqual([])
  })
})
