// Reference data: the admin guard on every endpoint, the read-only tables, and the message templates — a
// platform administrator's save is the wording messaging sends next, a refused text changes nothing, restore
// saves an older text as a new version, organisation admins read but never save, and every save is audited.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../../platform/db/schema/audit.ts'
import { messageTemplateVersions } from '../../platform/db/schema/reference-data.ts'
import { createClient, loginAs, type TestClient } from '../../testing/http-client.ts'
import { buildTestApp, type TestApp } from '../../testing/test-app.ts'
import { BUILT_IN_TEMPLATES } from '../messaging/index.ts'
import { listRecentMessages } from '../../platform/outbox/index.ts'

const BASE = '/api/admin/reference-data/'
const TEMPLATES = `${BASE}templates/`
let t: TestApp
let platform: TestClient
let orgAdmin: TestClient
let member: TestClient
let counter = 0

beforeAll(async () => {
  t = await buildTestApp()
  platform = await loginAs(t.app, 'ADMIN')
  orgAdmin = await loginAs(t.app, 'ACO_ADMIN')
  member = await loginAs(t.app, 'ACO_USER')
})
afterAll(async () => {
  await t.close()
})

/** A consent request by email or text from the ACO's member; answers the patient's address. */
async function sendRequest(kind: 'email' | 'phone', language?: 'es'): Promise<string> {
  counter += 1
  const contact =
    kind === 'email'
      ? `template.patient${counter}@example.org`
      : `+1555010${String(counter).padStart(4, '0')}`
  const response = await member.request({
    method: 'POST',
    url: '/api/healthplans/requests/',
    payload: {
      health_plan: 'medicare',
      patient_mrn: `TPL-${counter}-${Date.now()}`,
      contact_method: kind,
      contact_value: contact,
      metadata: { patient_name: 'Maria Lopez' },
      ...(language ? { language } : {}),
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return contact
}

async function messageTo(to: string) {
  const messages = await listRecentMessages(t.app.ctx, 500)
  const found = messages.find((message) => message.to === to)
  if (!found) throw new Error(`no message to ${to}`)
  return found
}

async function templateAudits() {
  return t.app.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, 'admin.template_updated'))
    .orderBy(desc(auditLog.id))
}

const save = (client: TestClient, key: string, language: string, payload: Record<string, unknown>) =>
  client.request({ method: 'PUT', url: `${TEMPLATES}${key}/${language}/`, payload })

describe('reference data guard', () => {
  it('lets admins read, refuses a plain member with 403 and a stranger with 401', async () => {
    for (const url of [BASE, TEMPLATES, `${TEMPLATES}consent_request/en/`]) {
      expect((await platform.request({ method: 'GET', url })).statusCode).toBe(200)
      expect((await orgAdmin.request({ method: 'GET', url })).statusCode).toBe(200)
      expect((await member.request({ method: 'GET', url })).statusCode).toBe(403)
      expect((await createClient(t.app).request({ method: 'GET', url })).statusCode).toBe(401)
    }
    const body = { subject: 'X {{requester}}', body: '{{requester}} {{link}}' }
    expect((await save(member, 'consent_request', 'en', body)).statusCode).toBe(403)
  })

  it('lets only a platform administrator save or restore a template', async () => {
    const body = { subject: 'X {{requester}}', body: '{{requester}} {{link}}' }
    const refused = await save(orgAdmin, 'consent_request', 'en', body)
    expect(refused.statusCode).toBe(403)
    // Refused by the route's declared rule (the platform admin's role), before the body is even read.
    expect(refused.json()).toEqual({
      code: 'permission_denied',
      detail: 'You do not have permission to perform this action.',
    })
    const restore = await orgAdmin.request({
      method: 'POST',
      url: `${TEMPLATES}consent_request/en/restore/`,
      payload: { version: 0 },
    })
    expect(restore.statusCode).toBe(403)
    const history = (await orgAdmin.request({ method: 'GET', url: `${TEMPLATES}consent_request/en/` })).json()
    expect(history.editable).toBe(false)
    expect(await t.app.ctx.db.select().from(messageTemplateVersions)).toHaveLength(0)
  })

  it('answers 404 for a template that does not exist', async () => {
    expect((await platform.request({ method: 'GET', url: `${TEMPLATES}nope/en/` })).statusCode).toBe(404)
    expect((await save(platform, 'nope', 'en', { body: 'x' })).statusCode).toBe(404)
    expect((await platform.request({ method: 'GET', url: `${TEMPLATES}link/fr/` })).statusCode).toBe(400)
  })

  it('answers 404 for a key every object inherits, on read, save and restore', async () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const read = await platform.request({ method: 'GET', url: `${TEMPLATES}${key}/en/` })
      expect(read.statusCode, `GET ${key}`).toBe(404)
      expect((await save(platform, key, 'en', { body: 'x' })).statusCode, `PUT ${key}`).toBe(404)
      const restore = await platform.request({
        method: 'POST',
        url: `${TEMPLATES}${key}/en/restore/`,
        payload: { version: 0 },
      })
      expect(restore.statusCode, `restore ${key}`).toBe(404)
    }
  })
})

describe('read-only tables', () => {
  it('lists the health plan, the payment years with their blend, and the states', async () => {
    const data = (await platform.request({ method: 'GET', url: BASE })).json()
    expect(data.health_plans).toEqual([{ slug: 'medicare', name: 'Medicare Blue Button' }])
    expect(data.hcc.payment_years.map((year: { payment_year: number }) => year.payment_year)).toEqual([
      2024, 2025, 2026,
    ])
    expect(data.hcc.payment_years[0].blend).toEqual([
      { model: 'V24', weight_percent: 67, normalization: '1.146' },
      { model: 'V28', weight_percent: 33, normalization: '1.015' },
    ])
    expect(data.hcc.payment_years[2]).toMatchObject({ ma_coding_adjustment: '5.9%' })
    expect(data.us_states).toHaveLength(51)
  })
})

describe('message templates', () => {
  it('lists every template in both languages with the built-in copy as version 0', async () => {
    const list = (await platform.request({ method: 'GET', url: TEMPLATES })).json()
    expect(list.results.map((template: { key: string }) => template.key)).toEqual([
      'consent_request',
      'opt_in',
      'link',
    ])
    const consent = list.results[0]
    expect(consent.languages.map((entry: { language: string }) => entry.language)).toEqual(['en', 'es'])
    expect(consent.languages[1].current).toMatchObject({
      version: 0,
      body: BUILT_IN_TEMPLATES.consent_request.es.body,
    })
  })

  it('refuses a text without the consent link, an unknown placeholder, or an over-long SMS, and stores nothing', async () => {
    const dropped = await save(platform, 'consent_request', 'en', {
      subject: 'A request from {{requester}}',
      body: '{{requester}} asks for your data. Call them.',
    })
    expect(dropped.statusCode).toBe(400)
    expect(dropped.json()).toEqual({
      body: ['The template must keep the {{link}} placeholder (the patient’s personal consent link).'],
    })
    const unknown = await save(platform, 'opt_in', 'en', {
      body: 'BlueConsent: {{requester}} {{patient_name}}',
    })
    expect(unknown.json().body[0]).toContain('{{patient_name}} is not a placeholder of this template')
    const long = await save(platform, 'link', 'es', {
      body: `Su enlace: {{link}} ${'Por favor responda pronto. '.repeat(12)}`,
    })
    expect(long.statusCode).toBe(400)
    expect(long.json().body[0]).toMatch(/SMS segments; keep it within 2/)
    expect(await t.app.ctx.db.select().from(messageTemplateVersions)).toHaveLength(0)
  })

  it('sends a saved wording from the next message on, audited; restore brings the built-in copy back', async () => {
    const wording = {
      subject: 'Please answer {{requester}}',
      body: 'Hello from {{requester}}.\n\nYour personal link: {{link}}\n\nIt works for {{expires_in}}.',
    }
    const saved = await save(platform, 'consent_request', 'en', wording)
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().versions.map((entry: { version: number }) => entry.version)).toEqual([1, 0])
    expect(saved.json().versions[0]).toMatchObject({ ...wording, created_by_name: 'Avery Admin' })

    const edited = await messageTo(await sendRequest('email'))
    expect(edited.row.subject).toBe('Please answer Jordan Lee at Riverbend Accountable Care (demo)')
    expect(edited.text).toMatch(
      /^Hello from Jordan Lee at Riverbend Accountable Care \(demo\)\.\n\nYour personal link: http/,
    )
    expect(edited.text).toContain('It works for 7 days.')

    const [audit] = await templateAudits()
    expect(audit?.details).toMatchObject({
      template: 'consent_request',
      channel: 'email',
      language: 'en',
      version: 1,
      restored_from: null,
    })
    expect(JSON.stringify(audit?.details)).not.toContain('Hello from')

    const restored = await platform.request({
      method: 'POST',
      url: `${TEMPLATES}consent_request/en/restore/`,
      payload: { version: 0 },
    })
    expect(restored.statusCode).toBe(200)
    expect(restored.json().versions.map((entry: { version: number }) => entry.version)).toEqual([2, 1, 0])
    expect(restored.json().versions[0].body).toBe(BUILT_IN_TEMPLATES.consent_request.en.body)
    const [restoreAudit] = await templateAudits()
    expect(restoreAudit?.details).toMatchObject({ version: 2, restored_from: 0 })

    const builtIn = await messageTo(await sendRequest('email'))
    expect(builtIn.row.subject).toBe(
      'Jordan Lee at Riverbend Accountable Care (demo) asks to see your Medicare data',
    )
    // The Spanish version was never edited.
    const spanish = (await platform.request({ method: 'GET', url: `${TEMPLATES}consent_request/es/` })).json()
    expect(spanish.versions).toEqual([expect.objectContaining({ version: 0 })])

    const missing = await platform.request({
      method: 'POST',
      url: `${TEMPLATES}consent_request/en/restore/`,
      payload: { version: 9 },
    })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ version: ['That version does not exist.'] })
  })

  it('texts a Spanish patient the saved opt-in wording', async () => {
    const saved = await save(platform, 'opt_in', 'es', {
      body: 'BlueConsent: {{requester}} quiere ver {{data}}. Responda SI o STOP.',
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const sms = await messageTo(await sendRequest('phone', 'es'))
    expect(sms.text).toBe(
      'BlueConsent: Jordan Lee de Riverbend Accountable Care (demo) quiere ver sus medicamentos, reclamos de Medicare y un puntaje de riesgo de salud. Responda SI o STOP.',
    )
    const rows = await t.app.ctx.db
      .select()
      .from(messageTemplateVersions)
      .where(
        and(eq(messageTemplateVersions.templateKey, 'opt_in'), eq(messageTemplateVersions.language, 'es')),
      )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ channel: 'sms', version: 1, subject: null })
  })
})
