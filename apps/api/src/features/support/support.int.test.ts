// Support: both paths store the request encrypted with who sent it, queue the email to support and the
// acknowledgement in one go, audit it without its text, and answer the spec's field errors; the public path
// needs no token, ignores a filled honeypot and is limited per client; the signed-in path needs a token.
import { Writable } from 'node:stream'
import { SUPPORT_REFERENCE_PATTERN } from '@blueconsent/contract/support'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { supportRequests } from '../../platform/db/schema/account.ts'
import { users } from '../../platform/db/schema/users.ts'
import { decrypt } from '../../platform/lib/crypto.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { demoUser } from '../demo-data/index.ts'
import { listRecentMessages } from '../../platform/outbox/index.ts'

const SUPPORT_ADDRESS = 'help-desk@blueconsent.test'
const logLines: string[] = []
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'))
    done()
  },
})

let t: TestApp
let ipSeed = 0
const nextIp = () => `10.77.${Math.floor(++ipSeed / 250)}.${ipSeed % 250}`

beforeAll(async () => {
  t = await buildTestApp({
    config: { supportEmail: SUPPORT_ADDRESS, logLevel: 'info' },
    logDestination: logSink,
  })
})
afterAll(async () => {
  await t.close()
})

const send = (client: TestClient, payload: Record<string, unknown>, url = '/api/support/') =>
  client.request({ method: 'POST', url, payload })
const sendPublic = (payload: Record<string, unknown>, ip = nextIp()) =>
  send(createClient(t.app, { ip }), payload, '/api/support/public/')

async function storedRow(reference: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.reference, reference))
  return row
}

async function rawRowText(reference: string): Promise<string> {
  const result = await t.app.ctx.database.executeSql('select * from support_requests where reference = $1', [
    reference,
  ])
  return JSON.stringify(result.rows)
}

async function messagesAbout(reference: string) {
  const messages = await listRecentMessages(t.app.ctx, 200)
  return messages.filter((message) => message.text.includes(reference))
}

describe('signed-in support requests', () => {
  it('stores the request encrypted with its sender, emails support and acknowledges to the sender', async () => {
    const client = await loginAs(t.app, 'PHYSICIAN_ADMIN', { ip: nextIp() })
    const subject = 'Export keeps failing'
    const message = 'When I export Rosa Diaz the download stops at 50 percent.'
    const response = await send(client, { subject: `  ${subject} `, message: `\n${message}  ` })
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body).toEqual({
      request_id: expect.stringMatching(SUPPORT_REFERENCE_PATTERN),
      detail: 'Your support request has been submitted successfully.',
    })
    const reference: string = body.request_id

    const persona = demoUser('PHYSICIAN_ADMIN')
    const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, persona.email))
    const row = await storedRow(reference)
    expect(row).toMatchObject({
      source: 'app',
      status: 'new',
      userId: user?.id,
      organizationId: user?.organizationId,
    })
    const keys = t.app.ctx.keys
    expect(decrypt(keys, row!.subjectEncrypted)).toBe(subject)
    expect(decrypt(keys, row!.messageEncrypted)).toBe(message)
    expect(decrypt(keys, row!.senderEmailEncrypted!)).toBe(persona.email)
    // The database itself holds none of it in the clear.
    const raw = await rawRowText(reference)
    for (const secret of [subject, message, 'Rosa Diaz', persona.email]) expect(raw).not.toContain(secret)

    const emails = await messagesAbout(reference)
    const toSupport = emails.find((email) => email.to === SUPPORT_ADDRESS)
    const ack = emails.find((email) => email.to === persona.email)
    expect(toSupport?.row.subject).toBe(`Support request ${reference}`)
    expect(toSupport?.text).toContain(subject)
    expect(toSupport?.text).toContain(message)
    expect(toSupport?.text).toContain(persona.email)
    expect(ack?.row.subject).toBe(`We received your support request ${reference}`)
    expect(ack?.text).toContain(`Request ID: ${reference}`)
    expect(ack?.text).toContain("We'll respond to your email within 24 hours.")
    expect(ack?.text).not.toContain(message)
    // Subjects are kept in the clear by the outbox: no typed text in them.
    for (const email of emails) expect(email.row.subject).not.toContain(subject)

    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'support.request_submitted'), eq(auditLog.targetId, row!.id)))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actorUserId: user?.id, targetType: 'support_request' })
    expect(JSON.stringify(audit[0]?.details)).not.toContain(subject)
    expect(JSON.stringify(audit[0]?.details)).not.toContain(message)
    expect(logLines.join('')).not.toContain(message)
    expect(logLines.join('')).not.toContain(subject)
  })

  it("answers the spec's field errors and stores nothing", async () => {
    const client = await loginAs(t.app, 'USER', { ip: nextIp() })
    const before = (await t.app.ctx.db.select().from(supportRequests)).length
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { subject: '  ', message: ' ' },
        { subject: ['Subject is required'], message: ['Message is required'] },
      ],
      [{}, { subject: ['Subject is required'], message: ['Message is required'] }],
      [
        { subject: 's'.repeat(201), message: 'too short' },
        {
          subject: ['Subject must be 200 characters or less'],
          message: ['Message must be at least 10 characters'],
        },
      ],
      [
        { subject: 'Fine', message: 'm'.repeat(5001) },
        { message: ['Message must be 5000 characters or less'] },
      ],
    ]
    for (const [payload, errors] of cases) {
      const response = await send(client, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(response.json()).toEqual(errors)
    }
    expect((await t.app.ctx.db.select().from(supportRequests)).length).toBe(before)
  })

  it('refuses a caller without a token', async () => {
    const response = await send(createClient(t.app, { ip: nextIp() }), {
      subject: 'Hello',
      message: 'Anybody there at all?',
    })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('not_authenticated')
  })

  it('gives every request its own reference', async () => {
    const client = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
    const references = new Set<string>()
    for (let i = 0; i < 3; i += 1) {
      const response = await send(client, {
        subject: `Question ${i}`,
        message: 'A question about the portal.',
      })
      references.add(response.json().request_id)
    }
    expect(references.size).toBe(3)
  })
})

describe('public support requests', () => {
  const request = {
    subject: 'Cannot find the sign-up page',
    message: 'I run a small agency and want to sign up for the portal.',
    email: 'Jordan.Lee@Example.org',
    name: 'Jordan Lee',
  }

  it('needs no token; stores the sender address and name encrypted and acknowledges to it', async () => {
    const response = await sendPublic({ ...request, website: '' })
    expect(response.statusCode).toBe(201)
    const reference: string = response.json().request_id
    expect(reference).toMatch(SUPPORT_REFERENCE_PATTERN)
    const row = await storedRow(reference)
    expect(row).toMatchObject({ source: 'public', userId: null, organizationId: null })
    expect(decrypt(t.app.ctx.keys, row!.senderEmailEncrypted!)).toBe('jordan.lee@example.org')
    expect(decrypt(t.app.ctx.keys, row!.senderNameEncrypted!)).toBe('Jordan Lee')
    const raw = await rawRowText(reference)
    for (const secret of [request.subject, request.message, 'jordan.lee@example.org', 'Jordan Lee'])
      expect(raw).not.toContain(secret)

    const emails = await messagesAbout(reference)
    expect(emails.map((email) => email.to).sort()).toEqual([SUPPORT_ADDRESS, 'jordan.lee@example.org'].sort())
    const ack = emails.find((email) => email.to === 'jordan.lee@example.org')
    expect(ack?.text).toContain('Hello Jordan Lee,')
    expect(ack?.text).toContain("We'll respond to your email within 24 hours.")
    expect(emails.find((email) => email.to === SUPPORT_ADDRESS)?.text).toContain('public contact form')

    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'support.request_submitted'), eq(auditLog.targetId, row!.id)))
    expect(audit).toMatchObject({ actorUserId: null, targetType: 'support_request' })
  })

  it('takes the same payload as the signed-in form: subject and message, the address optional', async () => {
    const response = await sendPublic({ subject: request.subject, message: request.message })
    expect(response.statusCode).toBe(201)
    const reference: string = response.json().request_id
    const row = await storedRow(reference)
    expect(row).toMatchObject({ source: 'public', senderEmailEncrypted: null })
    // Support hears of it, told that there is nobody to answer by email; nobody is acknowledged.
    const emails = await messagesAbout(reference)
    expect(emails.map((email) => email.to)).toEqual([SUPPORT_ADDRESS])
    expect(emails[0]?.text).toContain('The sender left no email address')
  })

  it('still refuses an address that is not one', async () => {
    const response = await sendPublic({ ...request, email: 'not-an-address' })
    expect(response.statusCode).toBe(400)
  })

  it('answers a filled honeypot like a success and stores or sends nothing', async () => {
    const before = (await t.app.ctx.db.select().from(supportRequests)).length
    const outboxBefore = (await listRecentMessages(t.app.ctx, 500)).length
    const response = await sendPublic({
      ...request,
      email: 'bot@example.org',
      website: 'http://spam.example',
    })
    expect(response.statusCode).toBe(201)
    expect(response.json()).toEqual({
      request_id: expect.stringMatching(SUPPORT_REFERENCE_PATTERN),
      detail: 'Your support request has been submitted successfully.',
    })
    expect(await storedRow(response.json().request_id)).toBeUndefined()
    expect((await t.app.ctx.db.select().from(supportRequests)).length).toBe(before)
    expect((await listRecentMessages(t.app.ctx, 500)).length).toBe(outboxBefore)
  })

  it("answers the spec's field errors, and asks for the address", async () => {
    const response = await sendPublic({ subject: '', message: 'short', email: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      subject: ['Subject is required'],
      message: ['Message must be at least 10 characters'],
      email: ['Email is required'],
    })
    const invalid = await sendPublic({ ...request, email: 'not-an-address' })
    expect(invalid.json()).toEqual({ email: ['Please enter a valid email address'] })
  })

  it('limits each client to 5 requests per 15 minutes', async () => {
    const ip = nextIp()
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1) statuses.push((await sendPublic(request, ip)).statusCode)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    const limited = await sendPublic(request, ip)
    expect(limited.json()).toMatchObject({ code: 'rate_limited' })
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Someone else is not held back.
    expect((await sendPublic(request)).statusCode).toBe(201)
  })
})
