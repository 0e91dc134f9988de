import { TEMPLATE_KEYS, TEMPLATE_LANGUAGES, templateErrors } from '@blueconsent/contract/reference-data'
import { describe, expect, it } from 'vitest'
import type { RequestCopyInput } from './copy.ts'
import { BUILT_IN_TEMPLATES } from './editable-copy.ts'
import { consentRequestEmail, receiptEmail, renewalNoticeEmail } from './email-templates.ts'
import { smsEncoding, smsSegments } from './sms-segments.ts'
import { helpSms, linkSms, optInSms, receiptSms } from './sms-templates.ts'

const LINK = 'https://portal.blueconsent.app/consent/' + 'x'.repeat(43)
const LINK_END = new Date('2026-12-04T14:24:00Z')
const ACCESS_PAGE = `https://portal.blueconsent.app/consent/access/${'x'.repeat(100)}`
const provider: RequestCopyInput = {
  language: 'en',
  requesterName: 'Casey Morgan',
  organizationName: 'Riverbend Accountable Care',
  authorizationType: 'healthcare_provider',
  durationDays: null,
}
const agent: RequestCopyInput = {
  ...provider,
  requesterName: 'Alex Rivera',
  organizationName: 'Harbor Medicare Advisors',
  authorizationType: 'insurance_agent',
}

describe('consent request email', () => {
  it('names the requester, organisation, data, duration, link and link lifetime', () => {
    const mail = consentRequestEmail({ ...provider, link: LINK, linkExpiresAt: LINK_END })
    expect(mail.subject).toBe('Casey Morgan at Riverbend Accountable Care asks to see your Medicare data')
    for (const part of [
      'Casey Morgan',
      'Riverbend Accountable Care',
      'medications, claims and a health risk score',
      '13 months from when you agree',
      LINK,
      'The link works until December 4, 2026 at 9:24 AM ET.',
    ]) {
      expect(mail.text).toContain(part)
    }
    expect(mail.html).toContain(`href="${LINK}"`)
  })

  it('asks agents for medications only, for 10 hours', () => {
    const mail = consentRequestEmail({ ...agent, link: LINK, linkExpiresAt: LINK_END })
    expect(mail.text).toContain('medication list (medications only)')
    expect(mail.text).toContain('for 10 hours from when you agree')
    expect(mail.text).not.toContain('claims')
  })

  it('has a Spanish version', () => {
    const mail = consentRequestEmail({ ...provider, language: 'es', link: LINK, linkExpiresAt: LINK_END })
    expect(mail.subject).toBe('Casey Morgan de Riverbend Accountable Care pide ver sus datos de Medicare')
    expect(mail.text).toContain('13 meses desde que usted acepte')
    expect(mail.text).toContain('El enlace funciona hasta el 4 de diciembre de 2026 a las 9:24 a. m. ET.')
    expect(mail.html).toContain('lang="es"')
  })

  it('escapes staff-entered names in HTML', () => {
    const mail = consentRequestEmail({
      ...provider,
      organizationName: '<script>alert(1)</script>',
      link: LINK,
      linkExpiresAt: LINK_END,
    })
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;')
  })

  it('fills an older saved wording’s days left, rounded up so they agree with the date', () => {
    const saved = { subject: 'Link', body: 'The link expires in {{expires_in}}.' }
    expect(
      consentRequestEmail({ ...provider, link: LINK, linkExpiresAt: LINK_END, validDays: 2 }, saved).text,
    ).toBe('The link expires in 2 days.')
    expect(
      consentRequestEmail(
        { ...provider, language: 'es', link: LINK, linkExpiresAt: LINK_END, validDays: 2 },
        {
          subject: 'Enlace',
          body: 'El enlace vence en {{expires_in}}.',
        },
      ).text,
    ).toBe('El enlace vence en 2 días.')
  })

  it('states the provider’s chosen days in place of 13 months', () => {
    expect(
      consentRequestEmail({ ...provider, durationDays: 90, link: LINK, linkExpiresAt: LINK_END }).text,
    ).toContain('for 90 days from when you agree')
  })

  it('says when a fresh link replaces earlier ones', () => {
    expect(
      consentRequestEmail({ ...provider, link: LINK, linkExpiresAt: LINK_END, replacesEarlier: true }).text,
    ).toContain('it replaces any earlier link, which no longer works')
    expect(consentRequestEmail({ ...provider, link: LINK, linkExpiresAt: LINK_END }).text).not.toContain(
      'replaces',
    )
    expect(
      linkSms({ ...provider, link: LINK, linkExpiresAt: LINK_END, replacesEarlier: true }).body,
    ).toContain('Earlier links no longer work.')
  })

  it('marks reminders', () => {
    expect(
      consentRequestEmail({ ...provider, link: LINK, linkExpiresAt: LINK_END, reminder: true }).subject,
    ).toMatch(/^Reminder: /)
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
        linkSms({ ...provider, language, link: LINK, linkExpiresAt: LINK_END }).body,
        linkSms({
          ...provider,
          language,
          link: LINK,
          linkExpiresAt: LINK_END,
          reminder: true,
          replacesEarlier: true,
          validDays: 2,
        }).body,
        helpSms(language, provider.organizationName).body,
        receiptSms({ ...provider, language, kind: 'denied_receipt' }).body,
        receiptSms({
          ...provider,
          language,
          kind: 'authorized_receipt',
          validUntil: 'December 24, 2027 at 12:24 PM ET',
          accessPageUrl: ACCESS_PAGE,
        }).body,
      ]),
    ]
    for (const text of texts) {
      expect(smsEncoding(text), text).toBe('GSM-7')
      expect(smsSegments(text), text).toBeLessThanOrEqual(2)
    }
  })

  it('puts the link and its lifetime in the link text', () => {
    const text = linkSms({ ...agent, link: LINK, linkExpiresAt: LINK_END }).body
    expect(text).toContain(LINK)
    expect(text).toContain('It works until December 4, 2026 at 9:24 AM ET.')
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
    expect(mail.text).toContain('To stop sharing earlier, contact Riverbend Accountable Care.')
    const withPage = receiptEmail({ ...provider, kind: 'authorized_receipt', accessPageUrl: ACCESS_PAGE })
    expect(withPage.text).toContain(`To see who has your data or stop sharing now, open: ${ACCESS_PAGE}`)
    expect(withPage.html).toContain(`href="${ACCESS_PAGE}"`)
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
    const mail = consentRequestEmail({ ...provider, link: LINK, linkExpiresAt: LINK_END }, wording)
    expect(mail.subject).toBe('From Casey Morgan at Riverbend Accountable Care')
    expect(mail.text).toBe(`Hello.\n\nYour link: ${LINK}`)
    expect(mail.html).toContain('Your link:')
    const sms = linkSms(
      { ...provider, language: 'es', link: LINK, linkExpiresAt: LINK_END },
      { subject: null, body: 'Enlace: {{link}}' },
    )
    expect(sms.body).toBe(`Enlace: ${LINK}`)
  })
})
