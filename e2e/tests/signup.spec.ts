import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, latestOutboxLink } from './fixtures.ts'

test('a physician practice signs up, verifies its address through the emailed link and signs in', async ({
  page,
}) => {
  // Sign-up, the emailed link and the wizard it now lands in, with axe on each page.
  const email = `dr.new.${Date.now()}@example.org`
  const password = 'Correct-Horse-9'
  await page.goto('/app/login')
  await page.getByRole('link', { name: 'Sign up' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create your BlueConsent account' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: /Physician practice or FQHC/ }).click()

  await page.getByLabel('First name').fill('Robin')
  await page.getByLabel('Last name').fill('Okafor')
  await page.getByLabel('Work email').fill(email)
  await page.getByLabel('Practice name').fill('Okafor Family Medicine')
  await page.getByLabel('NPI').fill('1234567890')
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('An NPI is 10 digits and must pass the NPI check digit')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByLabel('NPI').fill('1234567893')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expectNoAxeViolations(page)

  // Not verified yet: the right password is answered with what to do, and a new link can be asked for.
  await page.goto('/app/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(
    page.getByText('Please verify your email address before signing in.', { exact: false }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send a new verification link' })).toBeVisible()

  // The fresh link signs in and opens the setup wizard, which starts from what sign-up recorded.
  const link = await latestOutboxLink(page, email, '/signup/verify/')
  await page.goto(link)
  await expect(page).toHaveURL(/\/app\/setup/)
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your organization' })).toBeVisible()
  await expect(page.getByLabel('Display name')).toHaveValue('Okafor Family Medicine')
  await expectNoAxeViolations(page)
  // Used once: the same link no longer works, in another browser.
  const other = await (await page.context().browser()?.newContext())?.newPage()
  if (other) {
    await other.goto(link)
    await expect(other.getByText('This verification link is invalid or has expired')).toBeVisible()
  }
})
