import { expect, test, type Page } from '@playwright/test'
import { clientAddress, expectNoAxeViolations, outboxMessage, signInAs, useTheme } from './fixtures.ts'

const noAppShell = async (page: Page) => {
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toHaveCount(0)
}

test('a signed-in user sends a support request, sees its Request ID and gets the acknowledgement by email', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders(clientAddress(41))
  const user = await signInAs(page, 'PHYSICIAN_ADMIN')
  await page.goto('/app/support')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible()
  // Inside the app shell.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  const submit = page.getByRole('button', { name: 'Submit Support Request' })
  await expect(submit).toBeDisabled()
  await expect(page.getByText('0/200')).toBeVisible()
  await expect(page.getByText('0/5000')).toBeVisible()

  await page.getByRole('textbox', { name: 'Subject' }).fill('Export stops halfway')
  await page.getByRole('textbox', { name: 'Message' }).fill('Short')
  await page.getByRole('textbox', { name: 'Subject' }).focus()
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible()
  await expect(submit).toBeDisabled()
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('The PDF export of a patient record stops at 50 percent.')
  await expect(page.getByText('20/200')).toBeVisible()
  await expect(submit).toBeEnabled()
  await submit.click()

  const success = page
    .getByRole('status')
    .filter({ hasText: 'Your support request has been submitted successfully.' })
  await expect(success).toBeVisible()
  await expect(success).toContainText("We'll respond to your email within 24 hours.")
  const requestId = /SR-[A-Z0-9]{8}/.exec((await success.textContent()) ?? '')?.[0] ?? ''
  expect(requestId).not.toBe('')
  await expect(success).toContainText(`Request ID: ${requestId}`)
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveCount(0)

  const acknowledgement = await outboxMessage(page, user.email, requestId)
  expect(acknowledgement.subject).toBe(`We received your support request ${requestId}`)
  expect(acknowledgement.body_text).toContain("We'll respond to your email within 24 hours.")

  await page.getByRole('button', { name: 'Submit Another Request' }).click()
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Submit Support Request' })).toBeDisabled()
})

test('the contact page is public and standalone: a guest writes to support and is acknowledged', async ({
  page,
}) => {
  await page.setExtraHTTPHeaders(clientAddress(42))
  const email = `guest.${Date.now()}@example.org`
  await page.goto('/contact')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
  await noAppShell(page)
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/app/login')
  await expect(page.getByRole('link', { name: 'support@blueconsent.app' })).toBeVisible()

  await page.getByLabel('Name (optional)').fill('Jordan Lee')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('textbox', { name: 'Subject' }).fill('Signing up our agency')
  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('How does a three-person insurance agency sign up?')
  await page.getByRole('button', { name: 'Submit Support Request' }).click()
  const success = page
    .getByRole('status')
    .filter({ hasText: 'Your support request has been submitted successfully.' })
  await expect(success).toBeVisible()
  const requestId = /SR-[A-Z0-9]{8}/.exec((await success.textContent()) ?? '')?.[0] ?? ''
  const acknowledgement = await outboxMessage(page, email, requestId)
  expect(acknowledgement.body_text).toContain('Hello Jordan Lee,')
})

test('signed in, /contact and /app/contact stay standalone, prefilled, with the way back to the dashboard', async ({
  page,
}) => {
  const user = await signInAs(page, 'ACO_ADMIN')
  for (const path of ['/contact', '/app/contact']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
    await noAppShell(page)
    await expect(page.getByLabel('Email')).toHaveValue(user.email)
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0)
  }
  await page.getByRole('link', { name: 'Back to Dashboard' }).click()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
})

for (const theme of ['light', 'dark']) {
  test(`axe finds no violations on the contact and support pages in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme)
    await page.goto('/contact')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await expectNoAxeViolations(page)

    await signInAs(page, 'AGENT_USER')
    await page.goto('/app/support')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible()
    await expectNoAxeViolations(page)
    // With a field's message showing.
    await page.getByRole('textbox', { name: 'Message' }).fill('Short')
    await page.getByRole('textbox', { name: 'Subject' }).focus()
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible()
    await expectNoAxeViolations(page)

    await page.goto('/app/contact')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    await expectNoAxeViolations(page)
  })
}
