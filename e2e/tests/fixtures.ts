import AxeBuilder from '@axe-core/playwright'
import { CSRF_HEADER } from '@blueconsent/contract/auth'
import { INITIAL_SETUP_STATE, type SetupState } from '@blueconsent/contract/setup'
import { expect, test, type APIRequest, type Page } from '@playwright/test'
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  type DemoPersona,
} from '../../apps/api/src/features/demo-data/demo-personas.ts'

export { DEMO_PASSWORD, DEMO_USERS }

export type DemoUser = (typeof DEMO_USERS)[number]

export function demoUser(role: DemoPersona): DemoUser {
  const user = DEMO_USERS.find((candidate) => candidate.role === role)
  if (!user) throw new Error(`no demo user for ${role}`)
  return user
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
}

export async function signIn(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/app/login')
  await fillLogin(page, email, password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).not.toHaveURL(/\/app\/login/)
}

export async function signInAs(page: Page, role: DemoPersona): Promise<DemoUser> {
  const user = demoUser(role)
  await signIn(page, user.email)
  return user
}

/** Fails with the list of WCAG 2 A/AA violations axe finds on the current page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
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

export type OutboxEntry = { to: string; subject: string | null; body_text: string }

/** The newest outbox message to an address whose text contains `needle` (dev outbox, demo mode). */
export async function outboxMessage(page: Page, to: string, needle: string): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/dev/outbox/')
      const body = (await response.json()) as { results: OutboxEntry[] }
      found = body.results.find((message) => message.to === to && message.body_text.includes(needle))
      return found ?? null
    })
    .not.toBeNull()
  return found as OutboxEntry
}

/** Every page load starts in this theme (stored under `theme`, as the theme picker stores it). */
export const useTheme = (page: Page, theme: string) =>
  page.addInitScript(`window.localStorage.setItem('theme', ${JSON.stringify(theme)})`)

/** The newest outbox message to an address, through the dev outbox API (demo mode). */
export async function latestOutboxLink(page: Page, to: string, pathPart: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/dev/outbox/')
      const body = (await response.json()) as { results: { to: string; links: string[] }[] }
      link = body.results
        .find((message) => message.to === to)
        ?.links.find((candidate) => candidate.includes(pathPart))
      return link ?? null
    })
    .not.toBeNull()
  return link as string
}

export type StaffApi = {
  /** GET as this staff member; fails the test unless the answer is 200. */
  get: <T>(path: string) => Promise<T>
  dispose: () => Promise<void>
}

/**
 * A demo staff member's own API session (CSRF cookie, JWT login, bearer), for what a journey needs to know
 * but cannot see in its own browser: another organisation's patient id, the numbers a page should show.
 */
export async function apiAs(request: APIRequest, role: DemoPersona): Promise<StaffApi> {
  const context = await request.newContext({ baseURL: test.info().project.use.baseURL })
  const { csrftoken } = (await (await context.get('/api/csrf/')).json()) as { csrftoken: string }
  const login = await context.post('/api/jwt/login/', {
    headers: { [CSRF_HEADER]: csrftoken },
    data: { email: demoUser(role).email, password: DEMO_PASSWORD },
  })
  expect(login.status(), `API sign-in as ${role}`).toBe(200)
  const { access } = (await login.json()) as { access: string }
  return {
    get: async <T>(path: string): Promise<T> => {
      const response = await context.get(path, { headers: { Authorization: `Bearer ${access}` } })
      expect(response.status(), `GET ${path} as ${role}`).toBe(200)
      return (await response.json()) as T
    },
    dispose: () => context.dispose(),
  }
}

export type NewAccountKind = 'agent' | 'physician'

const NEW_ACCOUNT_FIELDS: Record<NewAccountKind, Record<string, string>> = {
  agent: {
    account_type: 'agent',
    organization_name: 'Ellis Medicare Advisors',
    npn: '7654321',
    license_state: 'TX',
  },
  physician: {
    account_type: 'physician',
    organization_name: 'Ellis Family Practice',
    organization_type: 'PHYSICIAN_GROUP',
    npi: '1234567893',
  },
}

/**
 * A new organisation admin of its own, through the sign-up API and the emailed verification link, for a
 * journey that changes its user (name, theme, two-factor, billing): demo personas are shared by journeys
 * running in parallel, so changing one would break another. Returns the verified address.
 */
export async function signUpNewAccount(
  page: Page,
  kind: NewAccountKind,
  password: string,
  firstName = 'Morgan',
  organizationName?: string,
): Promise<string> {
  const email = `${kind}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`
  const { csrftoken } = (await (await page.request.get('/api/csrf/')).json()) as { csrftoken: string }
  const created = await page.request.post('/api/users/', {
    headers: { [CSRF_HEADER]: csrftoken },
    data: {
      ...NEW_ACCOUNT_FIELDS[kind],
      ...(organizationName ? { organization_name: organizationName } : {}),
      first_name: firstName,
      last_name: 'Ellis',
      email,
      password,
      password_confirm: password,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  // The link is followed through its API call, not in the page: in the page a fresh link signs in and opens
  // the setup wizard, which these journeys are not about (setup.spec.ts and signup.spec.ts walk that way).
  // The organisation's setup is then finished the same way, so the journey's own sign-in lands on the
  // dashboard as for any set-up organisation.
  const link = await latestOutboxLink(page, email, '/signup/verify/')
  const token = new URL(link, 'http://localhost').pathname.split('/').filter(Boolean).at(-1)
  const headers = { [CSRF_HEADER]: csrftoken }
  const verified = await page.request.post('/api/users/verify-email/', { headers, data: { token } })
  expect(verified.status(), await verified.text()).toBe(200)
  const { session } = (await verified.json()) as { session: { access: string } | null }
  expect(session).not.toBeNull()
  const signedIn = { ...headers, Authorization: `Bearer ${session?.access ?? ''}` }
  const done = await page.request.post('/api/setup/complete/', {
    headers: signedIn,
    data: {
      state: newAccountSetup(kind, organizationName ?? NEW_ACCOUNT_FIELDS[kind].organization_name ?? ''),
    },
  })
  expect(done.status(), await done.text()).toBe(200)
  await page.request.post('/api/logout/', { headers: signedIn })
  return email
}

/** A finished setup for each kind of new account, as the wizard would send it (keeping the sign-up name). */
function newAccountSetup(kind: NewAccountKind, name: string): SetupState {
  const base = { ...INITIAL_SETUP_STATE, currentStep: 'complete' as const, accountType: 'TEAM' as const }
  if (kind === 'agent')
    return {
      ...base,
      businessType: 'INSURANCE_AGENCY_TEAM',
      agencyProfile: {
        legal_name: name,
        address: { street: '12 Mesquite Rd', city: 'Austin', state: 'TX', zip: '73301' },
        support_email: 'help@ellis-advisors.example',
      },
    }
  return {
    ...base,
    businessType: 'MEDICAL_PROVIDER_TEAM',
    npiData: { npi: '1234567893', display_name: name, organization_name: name },
  }
}
