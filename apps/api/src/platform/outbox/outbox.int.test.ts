// Transactional outbox: mail queued with the state change survives a restart, is delivered by the worker
// to the local outbox or a real SMTP server, and the dev outbox exists only with DEV_TOOLS.
import type { AddressInfo } from 'node:net'
import type { OutboxMessage } from '@blueconsent/contract/dev-outbox'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoUser } from '../../features/demo-data/index.ts'
import { outboxMessages } from '../db/schema/outbox.ts'
import { createClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'

async function listOutbox(t: TestApp): Promise<OutboxMessage[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox/' })
  expect(response.statusCode).toBe(200)
  return (response.json() as { results: OutboxMessage[] }).results
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

const requestReset = (t: TestApp, email: string) =>
  createClient(t.app).request({ method: 'POST', url: '/api/users/password-reset/', payload: { email } })

describe('outbox delivery', () => {
  // Two app starts on an on-disk database: slow on a loaded machine, hence the longer timeout.
  it('loses nothing when the app stops between queueing a mail and sending it', async () => {
    const first = await buildTestApp({ persistent: true, config: { runWorkers: false } })
    const email = demoUser('AGENT_USER').email
    expect((await requestReset(first, email)).statusCode).toBe(200)
    const queued = await listOutbox(first)
    expect(queued[0]).toMatchObject({ to: email, status: 'queued', sent_at: null })
    // Recipient and body (with its single-use link) are ciphertext at rest.
    const [raw] = await first.app.ctx.db.select().from(outboxMessages)
    expect(raw?.toEncrypted).not.toContain(email)
    expect(raw?.bodyEncrypted).not.toContain('password-reset')
    await first.close({ keep: true })

    const second = await buildTestApp({ reopen: first.storage, config: { runWorkers: true } })
    try {
      const sent = await waitFor(async () => {
        const message = (await listOutbox(second)).find((m) => m.id === queued[0]?.id)
        return message?.status === 'sent' ? message : undefined
      })
      expect(sent.sent_at).toEqual(expect.any(String))
      expect(sent.links[0]).toMatch(/\/app\/password-reset\/[^/]+\/[^/]+$/)
    } finally {
      await second.close()
    }
  }, 60_000)
})

describe('SMTP delivery', () => {
  const received: ParsedMail[] = []
  let smtp: SMTPServer
  let t: TestApp

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail)
            callback()
          })
          .catch(callback)
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const { port } = smtp.server.address() as AddressInfo
    t = await buildTestApp({
      config: { runWorkers: true, smtpUrl: `smtp://127.0.0.1:${port}/?ignoreTLS=true` },
    })
  })
  afterAll(async () => {
    await t.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  it('sends queued mail through SMTP and marks it sent', async () => {
    const email = demoUser('CLINICIAN').email
    await requestReset(t, email)
    const mail = await waitFor(async () => received.find((m) => m.to?.text === email))
    expect(mail.subject).toBe('Reset your BlueConsent password')
    expect(mail.text).toContain('/app/password-reset/')
    expect(mail.from?.text).toContain('no-reply@blueconsent.test')
    const row = await waitFor(async () =>
      (await listOutbox(t)).find((m) => m.to === email && m.status === 'sent'),
    )
    expect(row.status).toBe('sent')
  })
})

describe('dev outbox', () => {
  it('is not registered when dev tools are off', async () => {
    const t = await buildTestApp({ config: { devTools: false } })
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox/' })
      expect(response.statusCode).toBe(404)
      expect(t.app.registeredRoutes.some((route) => route.url.startsWith('/api/dev/'))).toBe(false)
    } finally {
      await t.close()
    }
  })
})
