import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '../../../testing/fake-fetch.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const message = {
  id: 'm1',
  channel: 'email',
  to: 'ann.patient@example.com',
  subject: 'Dr Lee asks to see your Medicare data',
  body_text: 'Open the link to review the request.',
  links: ['http://localhost:8000/consent/abc123'],
  status: 'sent',
  created_at: '2026-01-01T09:00:00Z',
  sent_at: '2026-01-01T09:00:01Z',
}

describe('dev outbox', () => {
  it('lists messages with their clickable links', async () => {
    const fake = createFakeFetch().on('GET /api/dev/outbox/', json(200, { results: [message] }))
    renderApp('/dev/outbox', { fake })
    expect(await screen.findByRole('heading', { level: 2, name: message.subject })).toBeInTheDocument()
    expect(screen.getByText('ann.patient@example.com')).toBeInTheDocument()
    expect(screen.getByText('Email')).toBeInTheDocument()
    expect(screen.getByText('Open the link to review the request.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: message.links[0] })).toHaveAttribute('href', message.links[0])
  })

  it('says dev tools are disabled when the endpoint answers 404', async () => {
    renderApp('/dev/outbox')
    expect(await screen.findByText('Dev tools are disabled')).toBeInTheDocument()
  })

  it('links the outbox from the login footer only when it answers', async () => {
    const fake = createFakeFetch().on('GET /api/dev/outbox/', json(200, { results: [] }))
    renderApp('/app/login', { fake })
    expect(await screen.findByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/dev/outbox')
  })

  it('has no outbox link when dev tools are off', async () => {
    const app = renderApp('/app/login')
    await screen.findByRole('heading', { level: 1, name: 'Sign in to BlueConsent' })
    // StrictMode mounts effects twice in development, so the probe may run twice.
    await waitFor(() => expect(app.fake.callsTo('GET /api/dev/outbox/').length).toBeGreaterThan(0))
    expect(screen.queryByRole('link', { name: 'Outbox' })).not.toBeInTheDocument()
  })
})
