import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, fillLogin, signIn, signInAs, signUpNewAccount } from './fixtures.ts'

const PASSWORD = 'Admin-People-Journey-1!'
const ACO_NAME = 'Riverbend Accountable Care (demo)'
const ORGANIZATION_SUSPENDED =
  "Your organization's access to BlueConsent is suspended. Please contact your administrator."

/** Nothing wider than the viewport at 390 px (tables scroll inside their own box). */
async function expectFitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 })
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('platform admin: finds a user, deactivates them, and their open session is refused', async ({
  page,
  browser,
}) => {
  // The user deactivated is one made for this journey: demo personas are shared with other journeys.
  const theirs = await browser.newContext()
  const theirPage = await theirs.newPage()
  const email = await signUpNewAccount(theirPage, 'agent', PASSWORD, 'Dale')
  await signIn(theirPage, email, PASSWORD)

  await signInAs(page, 'ADMIN')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Needs attention' })).toBeVisible()
  await expectNoAxeViolations(page)
  await expectFitsPhone(page)

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  await page.getByLabel('Search users').fill(email)
  const table = page.getByRole('table', { name: 'Users' })
  await expect(table.getByRole('row')).toHaveCount(2)
  await expectNoAxeViolations(page)
  await expectFitsPhone(page)
  await table.getByRole('link', { name: 'Dale Ellis' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'User Details' })).toBeVisible()
  await expect(page.getByText(email).first()).toBeVisible()
  await expectNoAxeViolations(page)
  await expectFitsPhone(page)
  await page.getByRole('button', { name: 'Deactivate' }).click()
  const dialog = page.getByRole('dialog', { name: 'Deactivate user' })
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Deactivate' }).click()
  await expect(page.getByText('The user was deactivated and signed out everywhere.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible()

  // Their browser, signed in before, is turned away on its next call.
  await theirPage.goto('/app/account')
  await expect(theirPage).toHaveURL(/\/app\/login/)
  await theirs.close()
})

test('platform admin: deactivates an organisation, its member is turned away, and reactivation lets them back', async ({
  page,
  browser,
}) => {
  // An organisation made for this journey: the demo organisations are shared with other journeys.
  const organization = `Suspended Advisors ${Date.now()}`
  const theirs = await browser.newContext()
  const theirPage = await theirs.newPage()
  const email = await signUpNewAccount(theirPage, 'agent', PASSWORD, 'Quinn', organization)
  await signIn(theirPage, email, PASSWORD)

  await signInAs(page, 'ADMIN')
  await page.goto('/app/admin/organizations')
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible()
  await page.getByLabel('Search organizations').fill(organization)
  const table = page.getByRole('table', { name: 'Organizations' })
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table.getByText('Active', { exact: true })).toBeVisible()
  await table.getByRole('button', { name: `Deactivate ${organization}` }).click()
  const dialog = page.getByRole('dialog', { name: `Deactivate ${organization}?` })
  await expect(dialog).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByLabel('Reason (optional)').fill('Journey: contract paused')
  await dialog.getByRole('button', { name: 'Deactivate organization' }).click()
  await expect(page.getByText('The organization was deactivated', { exact: false })).toBeVisible()
  await expect(table.getByText('Deactivated', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  await expectFitsPhone(page)

  // Their browser, signed in before, is sent to sign in on its next action, and sign-in says why.
  await theirPage.goto('/app/account')
  await expect(theirPage).toHaveURL(/\/app\/login/)
  await fillLogin(theirPage, email, PASSWORD)
  await theirPage.getByRole('button', { name: 'Sign In' }).click()
  await expect(theirPage.getByText(ORGANIZATION_SUSPENDED)).toBeVisible()
  await expect(theirPage).toHaveURL(/\/app\/login/)
  await expectNoAxeViolations(theirPage)

  await table.getByRole('button', { name: `Reactivate ${organization}` }).click()
  const again = page.getByRole('dialog', { name: `Reactivate ${organization}?` })
  await expectNoAxeViolations(page)
  await again.getByRole('button', { name: 'Reactivate organization' }).click()
  await expect(page.getByText('The organization was reactivated', { exact: false })).toBeVisible()
  await expect(table.getByText('Active', { exact: true })).toBeVisible()

  // signIn waits until the sign-in page is left: signed in again.
  await signIn(theirPage, email, PASSWORD)
  await theirs.close()
})

test('organisation admin: sees only their own organisation and its users', async ({ page }) => {
  await signInAs(page, 'ACO_ADMIN')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click()
  await expect(page.getByText('Your organization at a glance, and what needs attention.')).toBeVisible()

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Organizations' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Organizations' })).toBeVisible()
  const organizations = page.getByRole('table', { name: 'Organizations' })
  await expect(organizations.getByRole('row')).toHaveCount(2)
  await expect(organizations.getByRole('cell', { name: ACO_NAME, exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create organization' })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await expectFitsPhone(page)
  await page.getByRole('button', { name: `Edit ${ACO_NAME}` }).click()
  await expect(page.getByRole('dialog', { name: 'Edit organization' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Cancel' }).click()

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click()
  const users = page.getByRole('table', { name: 'Users' })
  await expect(users.getByRole('row').nth(1)).toBeVisible()
  const organizationCells = await users.locator('tbody tr td:nth-child(5)').allTextContents()
  expect(new Set(organizationCells)).toEqual(new Set([ACO_NAME]))
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible()
})
