import { expect, test } from '@playwright/test'
import { ROLE_HOME, roleHome, type Role } from '@blueconsent/contract/shared'
import { DEMO_USERS, clientAddress, expectNoAxeViolations, fillLogin, signIn, signInAs } from './fixtures.ts'

// Where each role lands: its home, with the four role dashboards redirecting to /app/dashboard.
const landing = (role: Role) =>
  ROLE_HOME[role] === '/app/care-management' ? '/app/care-management' : '/app/dashboard'

test.describe('every demo role signs in and lands on its home', () => {
  for (const [index, user] of DEMO_USERS.entries()) {
    test(`${user.role} lands on ${roleHome(user.role)}`, async ({ browser }) => {
      const context = await browser.newContext({ extraHTTPHeaders: clientAddress(10 + index) })
      const page = await context.newPage()
      await signIn(page, user.email)
      await expect(page).toHaveURL(new RegExp(`${landing(user.role)}$`))
      await expect(page.getByRole('banner')).toContainText(user.firstName)
      // A signed-in user who opens the login route is sent to the role home.
      await page.goto('/app/login')
      await expect(page).toHaveURL(new RegExp(`${landing(user.role)}$`))
      await context.close()
    })
  }
})

test('wrong password shows the spec message and the form locks after 5 attempts', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: clientAddress(101) })
  const page = await context.newPage()
  await page.goto('/app/login')
  const signInButton = page.getByRole('button', { name: 'Sign In' })
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await fillLogin(page, 'nobody@example.com', `wrong-password-${attempt}`)
    await signInButton.click()
    if (attempt < 5)
      await expect(
        page.getByText(/Invalid email or password\. Please try again\.|Too many attempts/),
      ).toBeVisible()
  }
  const locked = page.getByRole('button', { name: /^Locked \(\d+s\)$/ })
  await expect(locked).toBeVisible()
  await expect(locked).toBeDisabled()
  const first = Number((await locked.textContent())?.match(/\d+/)?.[0])
  await page.waitForTimeout(2_100)
  const later = Number((await locked.textContent())?.match(/\d+/)?.[0])
  expect(first).toBeGreaterThan(50)
  expect(later).toBeLessThan(first)
  await context.close()
})

test('empty fields are refused with the spec message', async ({ page }) => {
  await page.goto('/app/login')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByText('Please enter both email and password.')).toBeVisible()
  await expect(page).toHaveURL(/\/app\/login/)
})

test('logout asks for confirmation; Cancel keeps the session, Sign Out ends it', async ({ page }) => {
  const user = await signInAs(page, 'PHYSICIAN_USER')
  await page.goto('/app/logout')
  await expect(page.getByRole('heading', { name: 'Sign Out' })).toBeVisible()
  await expect(page.getByText(user.email)).toBeVisible()
  await page.getByRole('link', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/app\/dashboard$/)

  await page.goto('/app/logout')
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/app\/login/)
  await expect(page.getByText('You have been logged out successfully')).toBeVisible()
  // The session is gone on the server too: a protected page sends us back to login.
  await page.goto('/app/dashboard')
  await expect(page).toHaveURL(/\/app\/login/)
})

test('a signed-out visit to a protected page goes to login and back after sign-in', async ({ page }) => {
  await page.goto('/app/change-password')
  await expect(page).toHaveURL(/\/app\/login\?next=/)
  await fillLogin(page, 'physician.admin@demo.blueconsent.app', 'BlueConsent-Demo-2025')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/app\/change-password$/)
})

test('a role without patient features is sent to /app/unauthorized', async ({ page }) => {
  await signInAs(page, 'USER')
  await page.goto('/app/authorization/new')
  await expect(page).toHaveURL(/\/app\/unauthorized$/)
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible()
})

test('unknown paths show the 404 page with a way home', async ({ page }) => {
  await page.goto('/app/no-such-page')
  await expect(page.getByText("Oops! We couldn't find the page you're looking for.")).toBeVisible()
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/app\/login/)
})

test('/ and /app go to login', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/app\/login/)
  await page.goto('/app')
  await expect(page).toHaveURL(/\/app\/login/)
})

test('the login page has no accessibility violations', async ({ page }) => {
  await page.goto('/app/login')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the login page links a real Privacy Policy and Terms of Service, both accessible', async ({ page }) => {
  await page.goto('/app/login')
  await page.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Your rights as a patient' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Terms of Service' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the dashboard has no accessibility violations in light and dark', async ({ browser }) => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme })
    const page = await context.newPage()
    const user = await signInAs(page, 'ACO_ADMIN')
    await expect(page.getByRole('heading', { name: new RegExp(user.firstName) })).toBeVisible()
    await expectNoAxeViolations(page)
    await context.close()
  }
})

test('single sign-on through the portal OAuth server (code + PKCE) lands on the dashboard', async ({
  page,
}) => {
  await signInAs(page, 'PHYSICIAN_ADMIN')
  await page.goto('/app/oauth/start')
  await expect(page).toHaveURL(/\/app\/dashboard$/)
  await expect(page.getByText('Login failed. Please try again.')).toHaveCount(0)
})

test('an OAuth callback with a forged state is refused', async ({ page }) => {
  await page.goto('/app/oauth/callback?code=abc&state=forged')
  await expect(page.getByText(/OAuth state mismatch|Login failed\. Please try again\./).first()).toBeVisible()
  await expect(page).toHaveURL(/\/app\/login/)
})
