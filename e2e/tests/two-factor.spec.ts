// Two-factor sign-in and the account's sessions, in the browser, for an agency that signs up here (no demo
// persona other journeys rely on gets two-factor): enrol on the Security tab with a code computed from the
// key the page shows, sign out, sign in with a code, then with a recovery code, and sign out another session.
import { expect, test, type Page } from '@playwright/test'
import { generate } from 'otplib'
import { clientAddress, expectNoAxeViolations, fillLogin, signUpNewAccount } from './fixtures.ts'

const PASSWORD = 'Correct-Horse-Two-9'

/** The code an authenticator shows for the next 30-second step (the server accepts one step ahead, and a
 * code of the step just used for enrolment or a previous sign-in would be a replay). */
const nextCode = (secret: string): Promise<string> =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })

async function passwordStep(page: Page, email: string): Promise<void> {
  await page.goto('/app/login')
  await fillLogin(page, email, PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible()
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible()
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/app/logout')
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/app\/login/)
}

test('enrol two-factor, sign in with a code and with a recovery code, sign out another session', async ({
  browser,
}) => {
  const context = await browser.newContext({ extraHTTPHeaders: clientAddress(141) })
  const page = await context.newPage()
  const email = await signUpNewAccount(page, 'agent', PASSWORD)

  // Signed in with the password alone while two-factor is off.
  await page.goto('/app/login')
  await fillLogin(page, email, PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).not.toHaveURL(/\/app\/login/)

  await page.goto('/app/account?tab=security')
  const card = page.getByRole('region', { name: 'Two-factor authentication' })
  await expect(card.getByText('Off', { exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Active sessions' }).getByText('This device')).toBeVisible()
  await expect(page.getByRole('switch', { name: 'Require two-factor for all members' })).toBeVisible()
  await expectNoAxeViolations(page)

  await card.getByRole('button', { name: 'Set up two-factor' }).click()
  await card.getByLabel('Current password', { exact: true }).fill(PASSWORD)
  await card.getByRole('button', { name: 'Continue' }).click()
  await expect(
    card.getByRole('img', { name: 'QR code to add BlueConsent to your authenticator app' }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  const secret = (await card.getByTestId('two-factor-secret').getAttribute('data-secret')) ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await card.getByLabel('Code from your authenticator app').fill(await generate({ secret }))
  await card.getByRole('button', { name: 'Turn on two-factor' }).click()
  const codeList = card.getByRole('list', { name: 'Recovery codes' })
  await expect(codeList.getByRole('listitem')).toHaveCount(10)
  const recoveryCodes = await codeList.getByRole('listitem').allTextContents()
  await expectNoAxeViolations(page)
  await card.getByRole('button', { name: 'I have saved my codes' }).click()
  await expect(card.getByText('Two-factor authentication is on.')).toBeVisible()
  await expect(card.getByText('On', { exact: true })).toBeVisible()

  // Sign out; the password alone no longer signs in: the code step comes next.
  await signOut(page)
  await passwordStep(page, email)
  await expectNoAxeViolations(page)
  await page.getByLabel('Authentication code').fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(
    page.getByText('That code is not valid. Check your authenticator app and try again.'),
  ).toBeVisible()
  await page.getByLabel('Authentication code').fill(await nextCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/app\/dashboard/)

  // Then with a recovery code.
  await signOut(page)
  await passwordStep(page, email)
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await expectNoAxeViolations(page)
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/app\/dashboard/)
  await page.goto('/app/account?tab=security')
  await expect(card.getByText('9 of 10')).toBeVisible()

  // A second browser signs in (with another recovery code); the first signs it out.
  const other = await browser.newContext({ extraHTTPHeaders: clientAddress(142) })
  const otherPage = await other.newPage()
  await passwordStep(otherPage, email)
  await otherPage.getByRole('button', { name: 'Use a recovery code instead' }).click()
  await otherPage.getByLabel('Recovery code').fill(recoveryCodes[1] ?? '')
  await otherPage.getByRole('button', { name: 'Verify' }).click()
  await expect(otherPage).toHaveURL(/\/app\/dashboard/)

  await page.reload()
  const sessions = page.getByRole('region', { name: 'Active sessions' })
  await expect(sessions.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(2)
  await expectNoAxeViolations(page)
  await sessions.getByRole('button', { name: 'Sign out other sessions' }).click()
  await expect(sessions.getByText('Every other session has been signed out.')).toBeVisible()
  await expect(sessions.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1)

  // The other browser's session is gone: its next page load goes to sign-in.
  await otherPage.goto('/app/account?tab=security')
  await expect(otherPage).toHaveURL(/\/app\/login/)
  await other.close()
  await context.close()
})
