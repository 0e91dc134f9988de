import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { DEMO_PASSWORD, DEMO_USERS } from '../../apps/api/src/db/demo-personas.ts'

export { DEMO_PASSWORD, DEMO_USERS }

export type DemoUser = (typeof DEMO_USERS)[number]

export function demoUser(role: DemoUser['role']): DemoUser {
  const user = DEMO_USERS.find((candidate) => candidate.role === role)
  if (!user) throw new Error(`no demo user for ${role}`)
  return user
}

export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/app/login')
  await page.getByLabel('Email', { exact: false }).first().fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: /^sign in$/i }).click()
}

/** Fails with the list of WCAG 2 A/AA violations axe finds on the current page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const summary = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }))
  expect(summary).toEqual([])
}

/** A distinct client address per test, so per-IP lockouts on the server never leak between tests. */
export function clientAddress(seed: number): Record<string, string> {
  return { 'X-Forwarded-For': `203.0.113.${seed % 250}` }
}
