// The admin support inbox: the admin guard and scope (an organisation admin sees only their organisation's
// requests, the public form's are the platform's), assignment only to administrators in scope, a reply
// emailed to the sender once and in the same transaction, close and reopen, and an audit row for every read
// and action without any text a person wrote.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { supportReplies, supportRequests } from '../../platform/db/schema/account.ts'
import { users } from '../../platform/db/schema/users.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { demoUser } from '../demo-data/index.ts'
import { listRecentMessages } from '../../platform/outbox/index.ts'

const INBOX = '/api/admin/support/'
let t: TestApp
let platform: TestClient
let orgAdmin: TestClient
let member: TestClient
let ipSeed = 0
const nextIp = () => `10.88.${Math.floor(++ipSeed / 250)}.${ipSeed % 250}`

async function userId(persona: 'ADMIN' | 'ACO_ADMIN' | 'ACO_USER'): Promise<string> {
  const [row] = await t.app.ctx.db
    .select()
    .from(users)
    .where(eq(users.email, demoUser(persona).email))
  if (!row) throw new Error(`no ${persona}`)
  return row.id
}

async function idOf(reference: string): Promise<string> {
  const [row] = await t.app.ctx.db
    .select()
    .from(supportRequests)
    .where(eq(supportRequests.reference, reference))
  if (!row) throw new Error(`no ${reference}`)
  return row.id
}

async function submit(client: TestClient, subject: string, message: string): Promise<string> {
  const response = await client.request({
    method: 'POST',
    url: '/api/support/',
    payload: { subject, message },
  })
  expect(response.statusCode).toBe(201)
  return idOf(response.json().request_id)
}

async function submitPublic(
  subject: string,
  message: string,
  sender: Record<string, string> = { email: 'pat.public@example.org', name: 'Pat Public' },
): Promise<string> {
  const response = await createClient(t.app, { ip: nextIp() }).request({
    method: 'POST',
    url: '/api/support/public/',
    payload: { subject, message, ...sender },
  })
  expect(response.statusCode).toBe(201)
  return idOf(response.json().request_id)
}

async function auditRows(action: string, targetId: string) {
  return t.app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id))
}

let acoRequest: string
let physicianRequest: string
let publicRequest: string

beforeAll(async () => {
  t = await buildTestApp()
  platform = await loginAs(t.app, 'ADMIN', { ip: nextIp() })
  orgAdmin = await loginAs(t.app, 'ACO_ADMIN', { ip: nextIp() })
  member = await loginAs(t.app, 'ACO_USER', { ip: nextIp() })
  const physician = await loginAs(t.app, 'PHYSICIAN_ADMIN', { ip: nextIp() })
  physicianRequest = await submit(physician, 'Physician question', 'How do I renew a consent request?')
  publicRequest = await submitPublic('Public question', 'Can my agency sign up for the portal?')
  acoRequest = await submit(member, 'ACO export question', 'The export of Rosa Diaz stops half way.')
  // The test clock stands still: spread the three over hours (a year ahead, so they lead the list whatever
  // else is stored) so 'newest first' can be seen.
  const hour = 3_600_000
  for (const [id, hoursAgo] of [
    [physicianRequest, 3],
    [publicRequest, 2],
    [acoRequest, 1],
  ] as const)
    await t.app.ctx.db
      .update(supportRequests)
      .set({ createdAt: new Date(Date.now() + 3_600_000 * 24 * 365 - hoursAgo * hour) })
      .where(eq(supportRequests.id, id))
})
afterAll(async () => {
  await t.close()
})

describe('support inbox guard and scope', () => {
  it('lets admins in and refuses a plain member with 403 and a stranger with 401', async () => {
    const urls = [INBOX, `${INBOX}admins/`, `${INBOX}${acoRequest}/`]
    for (const url of urls) {
      expect((await platform.request({ method: 'GET', url })).statusCode).toBe(200)
      expect((await orgAdmin.request({ method: 'GET', url })).statusCode).toBe(200)
      expect((await member.request({ method: 'GET', url })).statusCode).toBe(403)
      expect((await createClient(t.app).request({ method: 'GET', url })).statusCode).toBe(401)
    }
    const writes = [
      { method: 'POST', url: `${INBOX}${acoRequest}/assign/`, payload: { assignee_id: null } },
      { method: 'POST', url: `${INBOX}${acoRequest}/reply/`, payload: { body: 'Hello there' } },
      { method: 'POST', url: `${INBOX}${acoRequest}/close/` },
      { method: 'POST', url: `${INBOX}${acoRequest}/reopen/` },
    ] as const
    for (const write of writes) expect((await member.request(write)).statusCode).toBe(403)
  })

  it('shows the platform every request newest first, an organisation admin only their own', async () => {
    const all = (await platform.request({ method: 'GET', url: `${INBOX}?page_size=100` })).json()
    const ids = all.results.map((item: { id: string }) => item.id)
    expect(ids).toEqual(expect.arrayContaining([acoRequest, physicianRequest, publicRequest]))
    // Submitted in the order physician, public, ACO: newest first.
    expect(ids.indexOf(acoRequest)).toBeLessThan(ids.indexOf(publicRequest))
    expect(ids.indexOf(publicRequest)).toBeLessThan(ids.indexOf(physicianRequest))
    const item = all.results.find((entry: { id: string }) => entry.id === acoRequest)
    expect(item).toMatchObject({
      subject: 'ACO export question',
      sender_email: demoUser('ACO_USER').email,
      source: 'app',
      status: 'new',
      assignee: null,
    })
    expect(item.organization_name).toBeTruthy()
    const publicItem = all.results.find((entry: { id: string }) => entry.id === publicRequest)
    expect(publicItem).toMatchObject({ source: 'public', organization_id: null, sender_name: 'Pat Public' })

    const own = (await orgAdmin.request({ method: 'GET', url: `${INBOX}?page_size=100` })).json()
    const ownIds = own.results.map((entry: { id: string }) => entry.id)
    expect(ownIds).toContain(acoRequest)
    expect(ownIds).not.toContain(physicianRequest)
    expect(ownIds).not.toContain(publicRequest)
    expect(
      own.results.every(
        (entry: { organization_id: string }) => entry.organization_id === item.organization_id,
      ),
    ).toBe(true)
  })

  it('answers 404 when an organisation admin reaches another organisation’s or a public request', async () => {
    for (const id of [physicianRequest, publicRequest, '00000000-0000-0000-0000-000000000000', 'nope']) {
      const requests = [
        { method: 'GET', url: `${INBOX}${id}/` },
        { method: 'POST', url: `${INBOX}${id}/assign/`, payload: { assignee_id: null } },
        { method: 'POST', url: `${INBOX}${id}/reply/`, payload: { body: 'Hello there' } },
        { method: 'POST', url: `${INBOX}${id}/close/` },
        { method: 'POST', url: `${INBOX}${id}/reopen/` },
      ] as const
      for (const request of requests)
        expect((await orgAdmin.request(request)).statusCode, request.url).toBe(404)
    }
    expect((await platform.request({ method: 'GET', url: `${INBOX}${publicRequest}/` })).statusCode).toBe(200)
  })

  it('pages on the server', async () => {
    const first = (await platform.request({ method: 'GET', url: `${INBOX}?page_size=2` })).json()
    expect(first.results).toHaveLength(2)
    expect(first.count).toBeGreaterThanOrEqual(3)
    expect(first.next).toContain('page=2')
    const second = (await platform.request({ method: 'GET', url: `${INBOX}?page=2&page_size=2` })).json()
    expect(second.results[0].id).not.toBe(first.results[0].id)
  })
})

describe('support request detail and actions', () => {
  it('shows the message, the sender’s account and who may take it; the read is audited without text', async () => {
    const detail = (await platform.request({ method: 'GET', url: `${INBOX}${acoRequest}/` })).json()
    expect(detail.message).toBe('The export of Rosa Diaz stops half way.')
    expect(detail.account).toMatchObject({ email: demoUser('ACO_USER').email, role: 'ACO_USER' })
    const assignable = detail.assignable.map((admin: { id: string }) => admin.id)
    expect(assignable).toEqual(expect.arrayContaining([await userId('ADMIN'), await userId('ACO_ADMIN')]))
    expect(assignable).not.toContain(await userId('ACO_USER'))
    // The organisation admin may hand it only to their organisation's administrators.
    const own = (await orgAdmin.request({ method: 'GET', url: `${INBOX}${acoRequest}/` })).json()
    expect(own.assignable.map((admin: { id: string }) => admin.id)).toEqual([await userId('ACO_ADMIN')])
    const [row] = await auditRows('admin.support_viewed', acoRequest)
    expect(row).toBeDefined()
    expect(JSON.stringify(row?.details)).not.toContain('Rosa')
  })

  it('assigns only to an administrator in scope, and filters by assignee', async () => {
    const url = `${INBOX}${acoRequest}/assign/`
    const toMember = await platform.request({
      method: 'POST',
      url,
      payload: { assignee_id: await userId('ACO_USER') },
    })
    expect(toMember.statusCode).toBe(400)
    const toPlatform = await orgAdmin.request({
      method: 'POST',
      url,
      payload: { assignee_id: await userId('ADMIN') },
    })
    expect(toPlatform.statusCode).toBe(400)
    // A public request is the platform's: an organisation admin cannot take it.
    const publicToOrgAdmin = await platform.request({
      method: 'POST',
      url: `${INBOX}${publicRequest}/assign/`,
      payload: { assignee_id: await userId('ACO_ADMIN') },
    })
    expect(publicToOrgAdmin.statusCode).toBe(400)
    const mine = await platform.request({
      method: 'POST',
      url,
      payload: { assignee_id: await userId('ADMIN') },
    })
    expect(mine.statusCode).toBe(200)
    expect(mine.json().assignee).toMatchObject({ id: await userId('ADMIN') })
    const listed = (
      await platform.request({ method: 'GET', url: `${INBOX}?assignee=me&page_size=100` })
    ).json()
    expect(listed.results.map((item: { id: string }) => item.id)).toEqual([acoRequest])
    const unassigned = (
      await platform.request({ method: 'GET', url: `${INBOX}?assignee=unassigned&page_size=100` })
    ).json()
    expect(unassigned.results.map((item: { id: string }) => item.id)).not.toContain(acoRequest)
    const [row] = await auditRows('admin.support_assigned', acoRequest)
    expect(row?.details).toMatchObject({ assignee_before: null, assignee_after: await userId('ADMIN') })
  })

  it('emails one reply to the sender in the reply’s transaction and marks the request answered', async () => {
    const reference = (await platform.request({ method: 'GET', url: `${INBOX}${acoRequest}/` })).json()
      .reference
    const to = demoUser('ACO_USER').email
    const before = (await listRecentMessages(t.app.ctx, 500)).filter(
      (message) => message.to === to && message.row.template === 'support-reply',
    ).length
    const body = 'Please try the export again: we fixed the Rosa Diaz download.'
    const replied = await platform.request({
      method: 'POST',
      url: `${INBOX}${acoRequest}/reply/`,
      payload: { body: `  ${body} ` },
    })
    expect(replied.statusCode).toBe(200)
    expect(replied.json()).toMatchObject({ status: 'answered', replies: [{ body }] })
    expect(replied.json().answered_at).toBeTruthy()
    const replies = (await listRecentMessages(t.app.ctx, 500)).filter(
      (message) => message.to === to && message.row.template === 'support-reply',
    )
    expect(replies).toHaveLength(before + 1)
    const email = replies.find((message) => message.text.includes(body))
    expect(email?.row.subject).toBe(`Re: your support request ${reference}`)
    expect(email?.row.subject).not.toContain('Rosa')
    // Stored encrypted.
    const [stored] = await t.app.ctx.db
      .select()
      .from(supportReplies)
      .where(eq(supportReplies.requestId, acoRequest))
    expect(stored?.bodyEncrypted).not.toContain('Rosa')
    const [row] = await auditRows('admin.support_replied', acoRequest)
    expect(row?.details).toMatchObject({ reference, status_after: 'answered' })
    expect(JSON.stringify(row?.details)).not.toContain('Rosa')
    const empty = await platform.request({
      method: 'POST',
      url: `${INBOX}${acoRequest}/reply/`,
      payload: { body: '  ' },
    })
    expect(empty.statusCode).toBe(400)
  })

  it('lists a public request that left no address as such, and refuses to email a reply to nobody', async () => {
    const id = await submitPublic('No address', 'Please call the clinic back about my consent.', {})
    const detail = await platform.request({ method: 'GET', url: `${INBOX}${id}/` })
    expect(detail.json()).toMatchObject({ sender_email: null, source: 'public' })
    const reply = await platform.request({
      method: 'POST',
      url: `${INBOX}${id}/reply/`,
      payload: { body: 'We tried to answer' },
    })
    expect(reply.statusCode).toBe(400)
    expect(JSON.stringify(reply.json())).toContain('cannot be answered by email')
  })

  it('closes and reopens; a closed request takes no reply', async () => {
    const close = await orgAdmin.request({ method: 'POST', url: `${INBOX}${acoRequest}/close/` })
    expect(close.statusCode).toBe(200)
    expect(close.json()).toMatchObject({ status: 'closed' })
    expect(close.json().closed_at).toBeTruthy()
    expect((await orgAdmin.request({ method: 'POST', url: `${INBOX}${acoRequest}/close/` })).statusCode).toBe(
      400,
    )
    const closedList = (await orgAdmin.request({ method: 'GET', url: `${INBOX}?status=closed` })).json()
    expect(closedList.results.map((item: { id: string }) => item.id)).toContain(acoRequest)
    const reply = await orgAdmin.request({
      method: 'POST',
      url: `${INBOX}${acoRequest}/reply/`,
      payload: { body: 'Late answer' },
    })
    expect(reply.statusCode).toBe(400)
    const reopen = await orgAdmin.request({ method: 'POST', url: `${INBOX}${acoRequest}/reopen/` })
    expect(reopen.json()).toMatchObject({ status: 'new', closed_at: null })
    const rows = await auditRows('admin.support_status_changed', acoRequest)
    expect(rows.map((row) => row.details)).toEqual([
      expect.objectContaining({ status_before: 'closed', status_after: 'new' }),
      expect.objectContaining({ status_before: 'answered', status_after: 'closed' }),
    ])
  })
})
