// Crash safety: the real server process is killed with SIGKILL in the middle of a storm of request
// creations and resends, then started again on the same database (PGlite here, PostgreSQL in api-int-pg).
// Every request the server acknowledged must exist, none it did not acknowledge may exist in part (a
// request without its patient or its consent email), and every email must reach the SMTP server, once
// per message: a delivery repeated after the kill carries the same Message-ID.
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn } from './testing/scale-out.ts'
import { databaseEnv, startServer, type ServerProcess } from './testing/server-process.ts'
import { dropStorage, openStorage, type TestStorage } from './testing/test-app.ts'

const REQUESTS = '/api/healthplans/requests/'
const CONCURRENT_CALLERS = 6
const CALLS_BEFORE_KILL = 30

function startCrashServer(storage: TestStorage, smtpPort: number): Promise<ServerProcess> {
  return startServer({
    ...databaseEnv(storage),
    DEV_TOOLS: 'true',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?ignoreTLS=true`,
    RATE_LIMIT_PER_MINUTE: '1000000',
  })
}

async function waitUntil<T>(
  what: () => string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 150_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The demo ACO admin signed in over real HTTP, calling `base`. */
async function httpCaller(
  base: string,
): Promise<(method: string, path: string, body?: unknown) => Promise<Response>> {
  const caller = await signIn(base, 'ACO_ADMIN')
  return (method, path, body) => caller.call(base, method, path, body)
}

describe('a SIGKILL during a storm of creations and resends', () => {
  const received: ParsedMail[] = []
  const unexpectedSmtpErrors: Error[] = []
  let smtp: SMTPServer
  let storage: TestStorage
  const servers: ServerProcess[] = []

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
    // The killed server resets any SMTP session it had open; only that reset is expected here, and an
    // error event without a listener would end the whole test run.
    smtp.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') unexpectedSmtpErrors.push(error)
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const opened = await openStorage({ persistent: true })
    storage = opened.storage
    await opened.database.close()
  })
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    if (storage) await dropStorage(storage)
  })

  it('keeps every acknowledged request, half-creates none, and delivers each email as one message', async () => {
    const { port } = smtp.server.address() as AddressInfo
    const first = await startCrashServer(storage, port)
    servers.push(first)
    const call = await httpCaller(first.base)
    const acknowledged = new Map<string, string>()
    let attempts = 0
    let killed = false
    const storm = async (caller: number) => {
      for (let n = 0; !killed; n += 1) {
        attempts += 1
        const email = `crash.${caller}.${n}@example.org`
        try {
          const created = await call('POST', REQUESTS, {
            health_plan: 'medicare',
            patient_mrn: `CRASH-${caller}-${n}`,
            contact_method: 'email',
            contact_value: email,
            metadata: { patient_name: `Crash Patient ${caller} ${n}` },
          })
          if (created.status !== 201) continue
          const { request_id } = (await created.json()) as { request_id: string }
          acknowledged.set(request_id, email)
          // A resend straight after: its reminder email joins the storm.
          await call('POST', `${REQUESTS}${request_id}/resend/`)
        } catch {
          // The connection died with the server: this call was never acknowledged.
        }
        if (acknowledged.size >= CALLS_BEFORE_KILL && !killed) {
          killed = true
          first.child.kill('SIGKILL')
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENT_CALLERS }, (_, caller) => storm(caller)))
    await first.exited
    expect(acknowledged.size).toBeGreaterThanOrEqual(CALLS_BEFORE_KILL)

    const second = await startCrashServer(storage, port)
    servers.push(second)
    const again = await httpCaller(second.base)
    for (const [id] of acknowledged) expect((await again('GET', `${REQUESTS}${id}/`)).status, id).toBe(200)

    // Whatever exists is whole: each stored request has its patient and its consent email.
    const list = (await (await again('GET', `${REQUESTS}?scope=organization&page_size=100`)).json()) as {
      count: number
      results: { request_id: string; patient_id: string | null; patient_email: string | null }[]
    }
    const stormed = list.results.filter((request) => request.patient_email?.startsWith('crash.'))
    expect(stormed.length).toBeGreaterThanOrEqual(acknowledged.size)
    expect(stormed.length).toBeLessThanOrEqual(attempts)
    for (const request of stormed) expect(request.patient_id, request.request_id).not.toBeNull()

    // Every queued email is delivered after the restart, and repeats (if any) are the same message.
    let seen = ''
    const outbox = await waitUntil(
      () => `every email sent (last seen: ${seen})`,
      async () => {
        const response = await fetch(`${second.base}/api/dev/outbox/`)
        const { results } = (await response.json()) as { results: { to: string; status: string }[] }
        const mine = results.filter((message) => message.to.startsWith('crash.'))
        seen = JSON.stringify(mine.filter((message) => message.status !== 'sent').slice(0, 3))
        return mine.every((message) => message.status === 'sent') ? mine : undefined
      },
    )
    for (const request of stormed)
      expect(
        outbox.some((message) => message.to === request.patient_email),
        request.request_id,
      ).toBe(true)
    const crashMail = () =>
      received.filter((mail) => mail.to && 'text' in mail.to && mail.to.text.startsWith('crash.'))
    await waitUntil(
      () => `the SMTP server to receive them (${crashMail().length} of ${outbox.length})`,
      async () => (crashMail().length >= outbox.length ? true : undefined),
    )
    const distinct = new Set(crashMail().map((mail) => mail.messageId))
    expect(distinct.size).toBe(outbox.length)
    for (const mail of crashMail()) expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/)

    expect(unexpectedSmtpErrors).toEqual([])

    const stopped = second.exited
    second.child.kill('SIGTERM')
    expect(await stopped).toBe(0)
  }, 720_000)
})
