import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { createFakeFetch, json } from '@/testing/fake-fetch.ts'
import { renderApp } from '@/testing/render-app.tsx'

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

const sms = {
  ...message,
  id: '8f0c2a4e-6a51-4d0c-9f3e-2b7d1c9a5e10',
  channel: 'sms',
  to: '+15552010001',
  subject: null,
  body_text:
    'BlueConsent: Casey Morgan asks to see your Medicare data. Reply YES to get your secure link, STOP to opt out, HELP for help.',
  links: [],
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

  it('offers reply as patient on SMS messages only', async () => {
    const fake = createFakeFetch().on('GET /api/dev/outbox/', json(200, { results: [sms, message] }))
    renderApp('/dev/outbox', { fake })
    const control = await screen.findByRole('region', { name: 'Reply as patient' })
    expect(within(control).getByRole('button', { name: 'YES' })).toBeInTheDocument()
    expect(within(control).getByRole('button', { name: 'STOP' })).toBeInTheDocument()
    expect(within(control).getByRole('button', { name: 'HELP' })).toBeInTheDocument()
    expect(screen.getAllByRole('region', { name: 'Reply as patient' })).toHaveLength(1)
  })

  it('sends YES for the message and reports the outcome', async () => {
    const fake = createFakeFetch()
      .on('GET /api/dev/outbox/', json(200, { results: [sms] }))
      .on('POST /api/dev/sms-reply/', json(200, { action: 'opted_in', requests: 1 }))
    renderApp('/dev/outbox', { fake })
    await userEvent.click(await screen.findByRole('button', { name: 'YES' }))
    expect(
      await screen.findByText('Replied “YES”: opted in; the link was sent (1 request).'),
    ).toBeInTheDocument()
    expect(fake.callsTo('POST /api/dev/sms-reply/')[0]?.body).toEqual({ message_id: sms.id, body: 'YES' })
    // The list reloads so the link message shows up.
    await waitFor(() => expect(fake.callsTo('GET /api/dev/outbox/').length).toBeGreaterThan(1))
  })

  it('sends a free-text reply', async () => {
    const fake = createFakeFetch()
      .on('GET /api/dev/outbox/', json(200, { results: [sms] }))
      .on('POST /api/dev/sms-reply/', json(200, { action: 'ignored', requests: 0 }))
    renderApp('/dev/outbox', { fake })
    const send = await screen.findByRole('button', { name: 'Send reply' })
    expect(send).toBeDisabled()
    await userEvent.type(screen.getByLabelText('Other reply'), 'maybe later')
    await userEvent.click(send)
    expect(
      await screen.findByText('Replied “maybe later”: not a keyword; nothing happened.'),
    ).toBeInTheDocument()
    expect(fake.callsTo('POST /api/dev/sms-reply/')[0]?.body).toEqual({
      message_id: sms.id,
      body: 'maybe later',
    })
    expect(screen.getByLabelText('Other reply')).toHaveValue('')
  })

  it('shows an error when the reply fails', async () => {
    const fake = createFakeFetch()
      .on('GET /api/dev/outbox/', json(200, { results: [sms] }))
      .on('POST /api/dev/sms-reply/', json(500, { detail: 'A server error occurred.', code: 'server_error' }))
    renderApp('/dev/outbox', { fake })
    await userEvent.click(await screen.findByRole('button', { name: 'STOP' }))
    expect(await screen.findByRole('alert')).toBeInTheDocument()
  })
})
