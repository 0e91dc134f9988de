import { describe, expect, it } from 'vitest'
import { signedUrlVariants, twilioSignature, verifyTwilioSignature } from './twilio.ts'

// The example of Twilio's "Webhooks security" documentation (and its SDKs' tests).
const DOC_TOKEN = '12345'
const DOC_URL = 'https://mycompany.com/myapp.php?foo=1&bar=2'
const DOC_PARAMS = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+12349013030',
  Digits: '1234',
  From: '+12349013030',
  To: '+18005551212',
}
const DOC_SIGNATURE = '0/KCTR6DLpKmkAf8muzZqo1nDgQ='

describe('X-Twilio-Signature', () => {
  it('matches the documented example', () => {
    expect(twilioSignature(DOC_TOKEN, DOC_URL, DOC_PARAMS)).toBe(DOC_SIGNATURE)
    expect(verifyTwilioSignature(DOC_TOKEN, DOC_URL, DOC_PARAMS, DOC_SIGNATURE)).toBe(true)
  })

  it('sorts parameters by name whatever their order', () => {
    const reversed = Object.fromEntries(Object.entries(DOC_PARAMS).reverse())
    expect(twilioSignature(DOC_TOKEN, DOC_URL, reversed)).toBe(DOC_SIGNATURE)
  })

  it('refuses a changed parameter, URL, token or a missing signature', () => {
    expect(verifyTwilioSignature(DOC_TOKEN, DOC_URL, { ...DOC_PARAMS, Digits: '1235' }, DOC_SIGNATURE)).toBe(
      false,
    )
    expect(
      verifyTwilioSignature(DOC_TOKEN, 'https://mycompany.com/myapp.php', DOC_PARAMS, DOC_SIGNATURE),
    ).toBe(false)
    expect(verifyTwilioSignature('54321', DOC_URL, DOC_PARAMS, DOC_SIGNATURE)).toBe(false)
    expect(verifyTwilioSignature(DOC_TOKEN, DOC_URL, DOC_PARAMS, undefined)).toBe(false)
    expect(verifyTwilioSignature(DOC_TOKEN, DOC_URL, DOC_PARAMS, 'short')).toBe(false)
  })

  it('accepts a signature made over the URL with or without the default port', () => {
    expect(signedUrlVariants('https://portal.example/api/webhooks/twilio/sms/')).toEqual([
      'https://portal.example/api/webhooks/twilio/sms/',
      'https://portal.example:443/api/webhooks/twilio/sms/',
    ])
    expect(signedUrlVariants('https://portal.example:443/hook/')).toEqual([
      'https://portal.example:443/hook/',
      'https://portal.example/hook/',
    ])
    expect(signedUrlVariants('http://127.0.0.1:8000/hook/')).toEqual(['http://127.0.0.1:8000/hook/'])
    const withPort = twilioSignature(DOC_TOKEN, 'https://mycompany.com:443/myapp.php?foo=1&bar=2', DOC_PARAMS)
    expect(verifyTwilioSignature(DOC_TOKEN, DOC_URL, DOC_PARAMS, withPort)).toBe(true)
  })
})
