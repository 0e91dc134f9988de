import { expect, test } from '@playwright/test'
import {
  DEMO_PASSWORD,
  clientAddress,
  expectNoAxeViolations,
  fillLogin,
  latestOutboxLink,
} from './fixtures.ts'

const email = 'clinician@demo.blueconsent.app'
const newPassword = 'a-new-Password-2026'

test('forgot password → outbox link → new password → sign in', async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: clientAddress(120) })
  const page = await context.newPage()
  await page.goto('/app/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(
    page.getByText('If an account with this email exists, a password reset link has been sent.'),
  ).toBeVisible()
  await expectNoAxeViolations(page)

  const link = await latestOutboxLink(page, email, '/app/password-reset/')
  await page.goto(link)
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short')
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('short')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible()

  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword)
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(newPassword)
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByText('Your password has been reset successfully.')).toBeVisible()
  await expectNoAxeViolations(page)

  // The link is single use.
  await page.goto(link)
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('yet-another-Password-1')
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('yet-another-Password-1')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByRole('alert').filter({ hasText: /invalid|expired/i })).toBeVisible()

  await page.goto('/app/login')
  await fillLogin(page, email, newPassword)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/app\/dashboard$/)

  // Change it back through the change-password page, so the other journeys keep the demo password.
  await page.goto('/app/change-password')
  await page.getByRole('textbox', { name: 'Current password' }).fill('not-my-password')
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(DEMO_PASSWORD)
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: /update password|change password/i }).click()
  await expect(page.getByText(/current password is incorrect/i)).toBeVisible()
  await page.getByRole('textbox', { name: 'Current password' }).fill(newPassword)
  await page.getByRole('button', { name: /update password|change password/i }).click()
  await expect(page.getByText('Password updated successfully')).toBeVisible()
  await context.close()
})

test('an unknown email gets the same neutral answer', async ({ page }) => {
  await page.goto('/app/password-reset')
  await page.getByLabel('Email').fill('nobody-here@example.com')
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(
    page.getByText('If an account with this email exists, a password reset link has been sent.'),
  ).toBeVisible()
})
