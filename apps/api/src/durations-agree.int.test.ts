// Every duration a person is told, for a provider's and an agent's request made from the same inputs: the
// request form, the emails and texts (English and Spanish), the consent page, Medicare's own consent screen
// (the sandbox stand-in), the receipt, the status badge and time remaining, and the patient's access page.
// They must state the same period in the same words, and the same moment to the minute.
import { simulateBeneficiaryConsent } from '@blueconsent/bluebutton-sandbox'
import {
  authorizationRequestSchema,
  statusLabel,
  type AuthorizationRequest,
  type AuthorizationType,
} from '@blueconsent/contract/authorization-requests'
import {
  consentPageSchema,
  patientAccessPageSchema,
  type ConsentLanguage,
} from '@blueconsent/contract/consent'
import {
  accessPeriod,
  durationSentences,
  formatSpokenDay,
  formatMoment,
  forSms,
  periodText,
  requestFormAccessHint,
  timeRemainingText,
} from '@blueconsent/contract/durations'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationRequests } from './platform/db/schema/authorization-requests.ts'
import { outboxMessages } from './platform/db/schema/outbox.ts'
import { acceptSmsOptIn } from './features/authorization-requests/index.ts'
import { injectFetch } from './features/bluebutton/index.ts'
import type { DemoPersona } from './features/demo-data/index.ts'
import { decrypt } from './platform/lib/crypto.ts'
import { createClient, loginAs, type TestClient } from './testing/http-client.ts'
import { buildTestApp, type TestApp } from './testing/test-app.ts'

let t: TestApp
const clients = new Map<DemoPersona, TestClient>()
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(() => t?.close())

async function as(persona: DemoPersona): Promise<TestClient> {
  let client = clients.get(persona)
  if (!client) {
    client = await loginAs(t.app, persona)
    clients.set(persona, client)
  }
  return client
}

let seq = 0
const open = (sealed: string): string => decrypt(t.app.ctx.keys, sealed)

async function messagesTo(contact: string): Promise<{ template: string; body: string }[]> {
  const rows = await t.app.ctx.db.select().from(outboxMessages)
  return rows
    .filter((row) => open(row.toEncrypted) === contact)
    .map((row) => ({ template: row.template, body: open(row.bodyEncrypted) }))
}

async function rowOf(id: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(authorizationRequests)
    .where(eq(authorizationRequests.id, id))
  if (!row) throw new Error('no request')
  return row
}

/** The same inputs for both kinds of requester; only the persona (and so the type) differs. */
async function create(
  persona: DemoPersona,
  language: ConsentLanguage,
  contact: { email?: string; phone?: string },
) {
  seq += 1
  const response = await (
    await as(persona)
  ).request({
    method: 'POST',
    url: '/api/healthplans/requests/',
    payload: {
      health_plan: 'medicare',
      ...(persona === 'ACO_USER' ? { patient_mrn: `DUR-${Date.now()}-${seq}` } : {}),
      contact_method: contact.email ? 'email' : 'phone',
      contact_value: contact.email ?? contact.phone,
      metadata: { patient_name: 'Maria Lopez' },
      language,
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return authorizationRequestSchema.parse(response.json())
}

/** The patient's browser through Medicare, keeping the HTML of Medicare's consent screen. */
async function consentKeepingMedicareScreen(token: string): Promise<string> {
  const patient = createClient(t.app)
  const connect = await patient.request({
    method: 'POST',
    url: `/api/consent/${token}/connect/`,
    payload: {},
  })
  expect(connect.statusCode, connect.body).toBe(200)
  const viaApp = injectFetch(t.app)
  let screen = ''
  const outcome = await simulateBeneficiaryConsent(connect.json<{ authorize_url: string }>().authorize_url, {
    username: 'BBUser00004',
    fetch: async (input, init) => {
      const response = await viaApp(String(input), init ?? {})
      if (
        (init?.method ?? 'GET') === 'GET' &&
        /\/v2\/o\/authorize\/[^/?]+\/$/.test(new URL(String(input)).pathname)
      )
        screen = await response.clone().text()
      return response
    },
  })
  if (outcome.kind !== 'redirect') throw new Error('consent did not finish')
  await patient.request({ method: 'GET', url: `${outcome.location.pathname}${outcome.location.search}` })
  return screen
}

const CASES: { persona: DemoPersona; type: AuthorizationType }[] = [
  { persona: 'ACO_USER', type: 'healthcare_provider' },
  { persona: 'AGENT_USER', type: 'insurance_agent' },
]

describe('every duration a patient and a requester read agrees', () => {
  for (const { persona, type } of CASES) {
    it(`${type}: form, messages, consent page, Medicare's screen, receipt, badge and access page`, async () => {
      const period = (language: ConsentLanguage, days: number | null) =>
        periodText(accessPeriod(type, days), language)
      // The request form states the period in the words every other screen uses.
      expect(requestFormAccessHint(type)).toContain(period('en', null))

      for (const language of ['en', 'es'] as const) {
        const email = `durations-${type}-${language}-${Date.now()}@example.org`
        const request = await create(persona, language, { email })
        const [invite] = await messagesTo(email)
        const token = /\/consent\/([\w-]{43})/.exec(invite?.body ?? '')?.[1]
        if (!invite || !token) throw new Error('no invite')
        const page = consentPageSchema.parse(
          (await createClient(t.app).request({ url: `/api/consent/${token}/` })).json(),
        )
        const sentences = durationSentences(language)
        const accessFor = sentences.accessFor(accessPeriod(type, page.duration_days))
        const linkEnd = formatMoment(page.expires_at!, language)
        // The invite and the consent page say the same period and the same last minute of the link.
        expect(invite.body).toContain(accessFor)
        expect(invite.body).toContain(linkEnd)
        expect(sentences.linkWorksUntil(page.expires_at!)).toContain(linkEnd)
        expect((await rowOf(request.request_id)).consentTokenExpiresAt?.toISOString()).toBe(page.expires_at)

        // By text: the opt-in states the period, the link text the link's end, as the email does.
        const phone = `(555) 7${String(seq % 100).padStart(2, '0')}-${String(1000 + seq).slice(-4)}`
        const texted = await create(persona, language, { phone })
        const row = await rowOf(texted.request_id)
        const [optIn] = await messagesTo(decrypt(t.app.ctx.keys, row.contactEncrypted))
        expect(optIn?.body).toContain(forSms(accessFor))
        const optedIn = await t.app.ctx.db.transaction((tx) =>
          acceptSmsOptIn(t.app.ctx, tx, row, t.app.ctx.clock()),
        )
        const texts = await messagesTo(decrypt(t.app.ctx.keys, row.contactEncrypted))
        const linkText = texts.find((message) => message.template === 'request_link')
        expect(linkText?.body).toContain(formatMoment(optedIn.consentTokenExpiresAt!, language))

        if (language !== 'en') continue
        // At Medicare, the stand-in states what CMS grants, on the same day the product says access ends.
        const medicare = await consentKeepingMedicareScreen(token)
        const approved = await rowOf(request.request_id)
        expect(approved.status).toBe('authorized')
        const ends = approved.expiresAt!
        if (type === 'insurance_agent') {
          expect(medicare).toContain('will have access to your data for 1 hour.')
          expect(period('en', null)).toBe('10 hours')
          expect(ends.getTime() - approved.authorizedAt!.getTime()).toBe(10 * 60 * 60 * 1000)
        } else {
          expect(medicare).toContain(`for 13 months, until ${formatSpokenDay(ends, 'en')}.`)
        }
        // The receipt states the end to the minute; the access page gives the same moment.
        const receipt = (await messagesTo(email)).find((message) => message.template === 'authorized_receipt')
        expect(receipt?.body).toContain(`until ${formatMoment(ends, 'en')}`)
        const accessToken = /\/consent\/access\/([\w.-]+)/.exec(receipt?.body ?? '')?.[1]
        const access = patientAccessPageSchema.parse(
          (await createClient(t.app).request({ url: `/api/consent/access/${accessToken}/` })).json(),
        )
        expect(access.access_ends_at).toBe(ends.toISOString())

        // My Requests: the badge and the time remaining count the same time left.
        const listed = (
          await (await as(persona)).request({ url: '/api/healthplans/requests/?page_size=100' })
        )
          .json<{ results: AuthorizationRequest[] }>()
          .results.find((item) => item.request_id === request.request_id)
        expect(listed?.expires_at).toBe(ends.toISOString())
        const now = t.app.ctx.clock().getTime()
        const remaining = timeRemainingText(listed!.expires_at, now)
        const badge = statusLabel(listed!, now)
        if (type === 'insurance_agent') {
          expect(remaining).toMatch(/^(10h 0m|9h 59m) remaining$/)
          expect(badge).toBe(`Expires in ${remaining!.replace(' remaining', '')}`)
        } else {
          expect(badge).toBe('Approved')
          expect(remaining).toMatch(/^\d+d \d+h remaining$/)
        }
      }
    })
  }
})
