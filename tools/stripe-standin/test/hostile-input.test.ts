// What a hostile caller may send the stand-in: ids and keys named after built-in object members, and return
// addresses on someone else's site. Each is an ordinary unknown or refused value, never a 500 or a redirect away.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseForm } from '../src/form.ts'
import { allowedReturnUrl } from '../src/pages.routes.ts'
import { BASE, PREFIX, card, getPage, makeStandin, submitForm, type Standin } from './helpers.ts'

let s: Standin
beforeEach(async () => {
  s = await makeStandin()
})
afterEach(() => s.close())

const BUILT_IN_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']

describe('ids named after built-in object members', () => {
  it('answers the hosted pages with 404, not 500', async () => {
    for (const name of BUILT_IN_NAMES) {
      for (const page of ['invoices', 'checkout', 'setup', 'portal']) {
        const { status } = await getPage(s.app, `${PREFIX}/${page}/${name}`)
        expect(status, `${page}/${name}`).toBe(404)
      }
    }
  })

  it('answers the API with resource_missing, not 500', async () => {
    for (const name of BUILT_IN_NAMES) {
      for (const resource of ['invoices', 'customers', 'subscriptions', 'payment_methods', 'setup_intents']) {
        const response = await s.app.inject({
          method: 'GET',
          url: `${PREFIX}/v1/${resource}/${name}`,
          headers: { authorization: 'Bearer sk_test_x' },
        })
        expect(response.statusCode, `${resource}/${name}`).toBe(404)
      }
    }
  })

  it('keeps an idempotency key named __proto__ as an ordinary key', async () => {
    const create = () =>
      s.app.inject({
        method: 'POST',
        url: `${PREFIX}/v1/customers`,
        headers: {
          authorization: 'Bearer sk_test_x',
          'idempotency-key': '__proto__',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'email=a%40b.test',
      })
    const first = await create()
    expect(first.statusCode).toBe(200)
    const again = await create()
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().id).toBe(first.json().id)
  })
})

describe('bracket forms', () => {
  it('drops __proto__ and constructor segments and pollutes no prototype', () => {
    const parsed = parseForm(
      'metadata[__proto__][polluted]=1&metadata[constructor][prototype][x]=2&__proto__=3&metadata[toString]=4',
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(parsed).toEqual({ metadata: { toString: '4' } })
  })
})

describe('return addresses', () => {
  it('accepts only the named origins and its own', () => {
    const origins = ['http://portal.test', 'http://standin.test']
    expect(allowedReturnUrl('http://portal.test/billing?x=1', origins)).toBe('http://portal.test/billing?x=1')
    expect(allowedReturnUrl('https://evil.example/phish', origins)).toBeNull()
    expect(allowedReturnUrl('http://portal.test.evil.example/', origins)).toBeNull()
    expect(allowedReturnUrl('//evil.example/', origins)).toBeNull()
    expect(allowedReturnUrl('javascript:alert(1)', origins)).toBeNull()
  })

  it('does not send the browser to another site after saving a card', async () => {
    const customer = await s.stripe.customers.create({ email: 'setup@example.test' })
    const seti = await s.stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' })
    const url = `${BASE}/setup/${seti.id}?return_url=${encodeURIComponent('https://evil.example/steal')}`
    const page = await getPage(s.app, url)
    expect(page.html).not.toContain('evil.example')
    const posted = await submitForm(s.app, url, card('4242 4242 4242 4242'))
    expect(posted.location ?? '').not.toContain('evil.example')
    expect(posted.status).toBe(200)
  })
})
