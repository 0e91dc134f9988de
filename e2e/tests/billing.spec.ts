import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, latestOutboxLink, signIn, signInAs, signUpNewAccount } from './fixtures.ts'

const PASSWORD = 'Correct-Horse-9'

async function payOnHostedCheckout(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber)
  await page.getByLabel('Expiry month (MM)').fill('12')
  await page.getByLabel('Expiry year (YY)').fill('34')
  await page.getByLabel('Security code (CVC)').fill('123')
  await page.getByLabel('Name on card').fill('Casey Morgan')
  await page.getByRole('button', { name: /Start trial|Subscribe/ }).click()
}

test('an individual sees their subscription, invoice and card, opens the portal and cancels', async ({
  page,
}) => {
  await signInAs(page, 'USER')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Billing Dashboard' })).toBeVisible()
  await expect(page.getByText('Active', { exact: true })).toBeVisible()
  await expect(page.getByText('$19.99').first()).toBeVisible()
  const history = page.getByRole('table', { name: 'Payment history' })
  await expect(history).toContainText('Paid')
  await expect(history).toContainText('Visa •••• 4242')
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Manage Payment Methods' }).click()
  await expect(page.getByText('•••• 4242').first()).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Customer Portal' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Manage your billing' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to BlueConsent' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Billing Dashboard' })).toBeVisible()

  await page.getByRole('button', { name: 'Cancel Subscription' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel subscription?' })
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click()
  await expect(
    page.getByText(
      'Subscription canceled. You can continue using the service until your billing period ends.',
    ),
  ).toBeVisible()
})

test('a new practice subscribes its team through the local checkout (the declined card refused), invites a colleague onto a seat, and removes them', async ({
  page,
  browser,
}) => {
  const email = await signUpNewAccount(page, 'physician', PASSWORD, 'Casey')
  await signIn(page, email, PASSWORD)

  await page.goto('/app/billing')
  await expect(page.getByRole('heading', { name: 'No Subscription Found' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByLabel('Team name').fill('Morgan Clinic')
  await page.getByLabel('Seats (you included)').fill('5')
  await expect(page.getByText('$99.95 per month after the trial')).toBeVisible()
  await page.getByRole('button', { name: 'Start free trial' }).click()

  await payOnHostedCheckout(page, '4000 0000 0000 0002')
  await expect(page.getByText('Your card was declined.')).toBeVisible()
  await payOnHostedCheckout(page, '4242 4242 4242 4242')
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible()
  await expect(
    page.getByText(/^Your free trial has started\. Nothing is charged until it ends on /),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Go to Billing' }).click()
  await expect(page.getByText('Trial', { exact: true })).toBeVisible()
  await expect(page.getByText('1 of 5 in use', { exact: false })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Team members' })).toBeVisible()
  await expectNoAxeViolations(page)

  // The admin invites a colleague onto one of the free seats.
  const colleague = `billing.colleague.${Date.now()}@example.org`
  await page.getByRole('button', { name: 'Add Member' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Member' })
  await expect(dialog.getByText('A free seat is waiting: no charge now.')).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByLabel('Email').fill(colleague)
  await dialog.getByLabel('Role').selectOption('PHYSICIAN_USER')
  await dialog.getByRole('button', { name: 'Send Invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${colleague}`)).toBeVisible()
  await expect(page.getByRole('button', { name: `Resend invitation to ${colleague}` })).toBeVisible()

  // The colleague accepts from the email in a browser of their own and signs in.
  const member = await (await browser.newContext()).newPage()
  await member.goto(await latestOutboxLink(member, colleague, '/billing/invite'))
  await expect(member.getByRole('heading', { level: 1, name: 'Accept Team Invitation' })).toBeVisible()
  await expectNoAxeViolations(member)
  await member.getByLabel('First name').fill('Jamie')
  await member.getByLabel('Last name').fill('Lee')
  await member.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await member.getByLabel('Confirm password', { exact: true }).fill(PASSWORD)
  await member.getByRole('button', { name: 'Create Account' }).click()
  await expect(member.getByText('Your account is ready. You can sign in now.')).toBeVisible()
  await member.getByRole('link', { name: 'Go to Login' }).click()
  await signIn(member, colleague, PASSWORD)
  await expect(member.getByRole('banner')).toContainText('Jamie')

  // The admin sees them on a seat and removes them: the seat is given back and their session ends at once.
  await page.reload()
  await expect(page.getByText('2 of 5 seats in use.')).toBeVisible()
  await page.getByRole('button', { name: 'Remove Jamie Lee' }).click()
  const confirm = page.getByRole('dialog', { name: 'Remove Jamie Lee?' })
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Remove Member' }).click()
  await expect(page.getByText('Jamie Lee was removed and their seat freed.')).toBeVisible()
  // The freed seat is dropped from the subscription and credited on the next invoice.
  await expect(page.getByText('1 of 4 seats in use.')).toBeVisible()
  await member.goto('/app/patients')
  await expect(member).toHaveURL(/\/app\/login/)
  await member.context().close()
})
