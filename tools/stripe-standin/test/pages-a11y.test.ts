// @vitest-environment jsdom
import axe from 'axe-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STYLESHEET } from '../src/html.ts'
import { BASE, card, getPage, makeStandin, seatPrice, submitForm, type Standin } from './helpers.ts'

// jsdom has no layout, so axe cannot measure colour contrast here; the palette is checked below instead.
type Doc = { documentElement: { innerHTML: string; setAttribute: (name: string, value: string) => void } }
const doc = (): Doc => (globalThis as unknown as { document: Doc }).document

async function violations(html: string): Promise<string[]> {
  const inner = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)?.[1] ?? html
  doc().documentElement.setAttribute('lang', 'en')
  doc().documentElement.innerHTML = inner
  const results = await axe.run((globalThis as unknown as { document: axe.ElementContext }).document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  })
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)
}

let s: Standin
let pages: Record<string, string>

beforeAll(async () => {
  s = await makeStandin()
  const price = await seatPrice(s.stripe)
  const customer = await s.stripe.customers.create({ email: 'a11y@example.test', name: 'Ada' })
  const session = await s.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 2 }],
    subscription_data: { trial_period_days: 14 },
    success_url: 'http://portal.test/ok',
    cancel_url: 'http://portal.test/cancel',
  })
  const checkout = (await getPage(s.app, session.url as string)).html
  const declined = (await submitForm(s.app, session.url as string, card('4000000000000002'))).html
  await submitForm(s.app, session.url as string, card('4242424242424242'))
  const seti = await s.stripe.setupIntents.create({ customer: customer.id })
  const setup = (await getPage(s.app, `${BASE}/setup/${seti.id}?return_url=http%3A%2F%2Fportal.test%2Fb`))
    .html
  const portalSession = await s.stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: 'http://portal.test/b',
  })
  const portal = (await getPage(s.app, portalSession.url)).html
  const [invoice] = (await s.stripe.invoices.list({ customer: customer.id })).data
  const hosted = (await getPage(s.app, invoice?.hosted_invoice_url as string)).html
  pages = { checkout, declined, setup, portal, hosted }
})
afterAll(async () => s.close())

describe('hosted pages pass axe (WCAG 2.1 A and AA)', () => {
  for (const name of ['checkout', 'declined', 'setup', 'portal', 'hosted']) {
    it(name, async () => {
      const html = pages[name] as string
      expect(html).toMatch(/<html lang="en">/)
      expect(html).toMatch(/<h1>/)
      expect(await violations(html)).toEqual([])
    })
  }
})

// WCAG 2.1 relative luminance and contrast ratio.
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

describe('the stylesheet palette', () => {
  const vars = Object.fromEntries(
    [...STYLESHEET.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/g)].map((m) => [m[1], m[2]]),
  )
  const pairs: [string, string, string][] = [
    ['text', vars.ink as string, '#ffffff'],
    ['muted text', vars.muted as string, '#ffffff'],
    ['muted text on panels', vars.muted as string, vars.panel as string],
    ['links and secondary buttons', vars.accent as string, '#ffffff'],
    ['primary buttons', vars['accent-ink'] as string, vars.accent as string],
    ['errors', vars.danger as string, '#ffffff'],
    ['notices', vars.ok as string, '#ffffff'],
    ['test-mode badge', '#7a3100', '#ffe9d6'],
    ['default tag', '#0b4a8b', '#e3efff'],
  ]
  for (const [what, fg, bg] of pairs) {
    it(`${what} reach 4.5:1`, () => expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5))
  }
})
