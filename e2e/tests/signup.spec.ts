import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, latestOutboxLink } from './fixtures.ts'

test('a physician practice signs up, verifies its address through the emailed link and signs in', async ({
  page,
}) => {
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

  const link = await latestOutboxLink(page, email, '/signup/verify/')
  await page.goto(link)
  await expect(page.getByText('Your email address is verified. You can sign in now.')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).first().click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).not.toHaveURL(/\/app\/login/)
  await expect(page.getByText('Okafor Family Medicine').first()).toBeVisible()
})
