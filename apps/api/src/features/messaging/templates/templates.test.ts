import { TEMPLATE_KEYS, TEMPLATE_LANGUAGES, templateErrors } from '@blueconsent/contract/reference-data'
import { describe, expect, it } from 'vitest'
import type { RequestCopyInput } from './copy.ts'
import { BUILT_IN_TEMPLATES } from './editable-copy.ts'
import { consentRequestEmail, receiptEmail, renewalNoticeEmail } from './email-templates.ts'
import { smsEncoding, smsSegments } from './sms-segments.ts'
import { helpSms, linkSms, optInSms, receiptSms } from './sms-templates.ts'

const LINK = 'https://portal.blueconsent.app/consent/' + 'x'.repeat(43)
const provider: RequestCopyInput = {
  language: 'en',
  requesterName: 'Casey Morgan',
  organizationName: 'Riverbend Accountable Care',
  authorizationType: 'healthcare_provider',
}
const agent: RequestCopyInput = {
  ...provider,
  requesterName: 'Alex Rivera',
  organizationName: 'Harbor Medicare Advisors',
  authorizationType: 'insurance_agent',
}

describe('consent request email', () => {
  it('names the requester, organisation, data, duration, link and link lifetime', () => {
    const mail = consentRequestEmail({ ...provider, link: LINK })
    expect(mail.subject).toBe('Casey Morgan at Riverbend Accountable Care asks to see your Medicare data')
    for (const part of [
      'Casey Morgan',
      'Riverbend Accountable Care',
      'medications, claims and a health risk score',
      'about 13 months',
      LINK,
      'expires in 7 days',
    ]) {
      expect(mail.text).toContain(part)
    }
    expect(mail.html).toContain(`href="${LINK}"`)
  })

  it('asks agents for medications only, for about 10 hours', () => {
    const mail = consentRequestEmail({ ...agent, link: LINK })
    expect(mail.text).toContain('medication list (medications only)')
    expect(mail.text).toContain('about 10 hours')
    expect(mail.text).not.toContain('claims')
  })

  it('has a Spanish version', () => {
    const mail = consentRequestEmail({ ...provider, language: 'es', link: LINK })
    expect(mail.subject).toBe('Casey Morgan de Riverbend Accountable Care pide ver sus datos de Medicare')
    expect(mail.text).toContain('unos 13 meses')
    expect(mail.text).toContain('vence en 7 días')
    expect(mail.html).toContain('lang="es"')
  })

  it('escapes staff-entered names in HTML', () => {
    const mail = consentRequestEmail({
      ...provider,
      organizationName: '<script>alert(1)</script>',
      link: LINK,
    })
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;')
  })

  it('says how many days a reminder’s link has left', () => {
    expect(consentRequestEmail({ ...provider, link: LINK, reminder: true, validDays: 2 }).text).toContain(
      'The link expires in 2 days.',
    )
    expect(consentRequestEmail({ ...provider, link: LINK, reminder: true, validDays: 1 }).text).toContain(
      'The link expires in 1 day.',
    )
    expect(consentRequestEmail({ ...provider, language: 'es', link: LINK, validDays: 2 }).text).toContain(
      'El enlace vence en 2 días.',
    )
    expect(linkSms({ ...provider, language: 'es', link: LINK, validDays: 5 }).body).toContain(
      'Vence en 5 dias.',
    )
  })

  it('says when a fresh link replaces earlier ones', () => {
    expect(consentRequestEmail({ ...provider, link: LINK, replacesEarlier: true }).text).toContain(
      'it replaces any earlier link, which no longer works',
    )
    expect(consentRequestEmail({ ...provider, link: LINK }).text).not.toContain('replaces')
    expect(linkSms({ ...provider, link: LINK, replacesEarlier: true }).body).toContain(
      'Earlier links no longer work.',
    )
  })

  it('marks reminders', () => {
    expect(consentRequestEmail({ ...provider, link: LINK, reminder: true }).subject).toMatch(/^Reminder: /)
  })
})

describe('SMS texts', () => {
  it('asks to reply YES with STOP and HELP, within two GSM-7 segments', () => {
    const text = optInSms(provider).body
    expect(text).toContain('Reply YES')
    expect(text).toContain('STOP')
    expect(text).toContain('HELP')
    expect(text).toContain('Casey Morgan at Riverbend Accountable Care')
    expect(smsEncoding(text)).toBe('GSM-7')
    expect(smsSegments(text)).toBeLessThanOrEqual(2)
  })

  it('keeps every English and Spanish patient text within two segments', () => {
    const texts = [
      ...(['en', 'es'] as const).flatMap((language) => [
        optInSms({ ...provider, language }).body,
        optInSms({ ...agent, language, reminder: true }).body,
        linkSms({ ...provider, language, link: LINK }).body,
        linkSms({ ...provider, language, link: LINK, reminder: true, replacesEarlier: true, validDays: 2 })
          .body,
        helpSms(language, provider.organizationName).body,
        receiptSms({ ...provider, language, kind: 'denied_receipt' }).body,
      ]),
    ]
    for (const text of texts) {
      expect(smsEncoding(text), text).toBe('GSM-7')
      expect(smsSegments(text), text).toBeLessThanOrEqual(2)
    }
  })

  it('puts the link and its lifetime in the link text', () => {
    const text = linkSms({ ...agent, link: LINK }).body
    expect(text).toContain(LINK)
    expect(text).toContain('expires in 7 days')
  })
})

describe('segment counting', () => {
  it('counts GSM-7 and UCS-2 texts', () => {
    expect(smsSegments('a'.repeat(160))).toBe(1)
    expect(smsSegments('a'.repeat(161))).toBe(2)
    expect(smsSegments('a'.repeat(306))).toBe(2)
    expect(smsSegments('á'.repeat(70))).toBe(1)
    expect(smsSegments('á'.repeat(71))).toBe(2)
    expect(smsSegments('[]'.repeat(40))).toBe(1)
    expect(smsSegments('[]'.repeat(41))).toBe(2)
  })
})

describe('receipts and renewal notice', () => {
  it('confirms what was shared and until when', () => {
    const mail = receiptEmail({ ...provider, kind: 'authorized_receipt', validUntil: 'December 21, 2027' })
    expect(mail.text).toContain('until December 21, 2027')
    expect(receiptEmail({ ...provider, language: 'es', kind: 'denied_receipt' }).text).toContain(
      'No se compartió ningún dato.',
    )
  })

  it('tells the requester when to renew without naming the patient', () => {
    const mail = renewalNoticeEmail({
      requestId: 'r-1',
      expiresOn: 'January 5, 2027',
      renewUrl: 'http://x/app',
      days: 30,
    })
    expect(mail.subject).toBe('An authorization expires in 30 days')
    expect(mail.text).toContain('request r-1')
  })
})

describe('built-in editable copy', () => {
  it('passes the rules an administrator’s edit must pass, in both languages', () => {
    for (const key of TEMPLATE_KEYS)
      for (const language of TEMPLATE_LANGUAGES)
        expect(
          templateErrors(key, language, BUILT_IN_TEMPLATES[key][language]),
          `${key} ${language}`,
        ).toEqual({})
  })

  it('sends a saved wording in place of the built-in copy', () => {
    const wording = { subject: 'From {{requester}}', body: 'Hello.\n\nYour link: {{link}}' }
    const mail = consentRequestEmail({ ...provider, link: LINK }, wording)
    expect(mail.subject).toBe('From Casey Morgan at Riverbend Accountable Care')
    expect(mail.text).toBe(`Hello.\n\nYour link: ${LINK}`)
    expect(mail.html).toContain('Your link:')
    const sms = linkSms(
      { ...provider, language: 'es', link: LINK },
      { subject: null, body: 'Enlace: {{link}}' },
    )
    expect(sms.body).toBe(`Enlace: ${LINK}`)
  })
})
