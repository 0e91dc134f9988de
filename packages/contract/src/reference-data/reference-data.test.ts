import { describe, expect, it } from 'vitest'
import { TEMPLATE_SAMPLE_VALUES, placeholdersIn, renderTemplate, templateErrors } from './reference-data.ts'
import { smsSegments } from './sms-segments.ts'

const LINK_SMS = 'BlueConsent: Your secure link for {{requester}}: {{link}} It expires in {{expires_in}}.'

describe('message template rules', () => {
  it('finds placeholders, with or without spaces inside the braces, once each', () => {
    expect(placeholdersIn('{{link}} and {{ requester }} and {{link}}')).toEqual(['link', 'requester'])
    expect(renderTemplate('Hi {{ requester }}: {{link}}{{nope}}', { requester: 'Casey', link: 'L' })).toBe(
      'Hi Casey: L',
    )
  })

  it('accepts a text with its required placeholders', () => {
    expect(templateErrors('link', 'en', { body: LINK_SMS })).toEqual({})
  })

  it('refuses a text that drops the consent link', () => {
    const errors = templateErrors('link', 'en', { body: 'BlueConsent: call {{requester}} for your link.' })
    expect(errors.body).toEqual([
      'The template must keep the {{link}} placeholder (the patient’s personal consent link).',
    ])
    const email = templateErrors('consent_request', 'es', { subject: 'Hola', body: '{{requester}} pide.' })
    expect(email.body?.[0]).toContain('{{link}}')
  })

  it('refuses placeholders the template does not have', () => {
    const errors = templateErrors('opt_in', 'en', { body: 'BlueConsent: {{requester}} sent {{link}}.' })
    expect(errors.body?.[0]).toMatch(/^\{\{link\}\} is not a placeholder of this template/)
  })

  it('refuses a text over two SMS segments with the sample values, counting accents as UCS-2', () => {
    const long = `${LINK_SMS} ${'Please answer soon. '.repeat(8)}`
    expect(smsSegments(renderTemplate(long, TEMPLATE_SAMPLE_VALUES.en))).toBeGreaterThan(2)
    expect(templateErrors('link', 'en', { body: long }).body?.[0]).toMatch(
      /needs \d SMS segments; keep it within 2/,
    )
    // The same length fits in GSM-7 but not with an accented letter (70 per part instead of 160).
    const accented = `${LINK_SMS} Responda pronto, por favor: está esperando.`
    expect(templateErrors('link', 'es', { body: accented }).body).toBeDefined()
    expect(templateErrors('link', 'es', { body: accented.replace('á', 'a') })).toEqual({})
  })

  it('asks an email for a one-line subject and a body', () => {
    const errors = templateErrors('consent_request', 'en', { subject: ' ', body: ' ' })
    expect(errors.subject).toEqual(['Enter a subject line.'])
    expect(errors.body?.[0]).toBe('Enter the message text.')
    expect(
      templateErrors('consent_request', 'en', { subject: 'A\nB', body: '{{requester}} {{link}}' }).subject,
    ).toEqual(['The subject must be one line.'])
  })
})
