import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, signIn, signUpNewAccount } from './fixtures.ts'

// Each journey changes its user's name, address or theme, so each signs up a practice admin of its own.
const PASSWORD = 'Correct-Horse-9'

test('profile: read view, edit and save with an address, discard, and the unsaved-changes guard', async ({
  page,
}) => {
  const email = await signUpNewAccount(page, 'physician', PASSWORD)
  await signIn(page, email, PASSWORD)
  await page.goto('/app/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
    'href',
    '/app/physician-dashboard',
  )
  await expect(page.getByRole('navigation', { name: 'Quick links' }).getByRole('link')).toHaveText([
    'Account Settings',
  ])
  await expect(page.getByText('Account Created')).toBeVisible()
  await expect(page.getByText(email).first()).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Edit Profile' }).click()
  const form = page.getByRole('form', { name: 'Edit profile' })
  const save = form.getByRole('button', { name: 'Save Changes' })
  await expect(save).toBeDisabled()
  await form.getByLabel('First name').fill('Robin')
  await form.getByLabel('Street address').fill('400 Mission Road')
  await form.getByLabel('City').fill('Tucson')
  await form.getByLabel('State').selectOption('AZ')
  await form.getByLabel('ZIP code').fill('8570')
  await form.getByLabel('Phone number').fill('5205550199')
  await expect(form.getByLabel('Phone number')).toHaveValue('(520) 555-0199')
  await expect(form.getByText('Enter a 5-digit ZIP code or ZIP+4 (12345-6789)')).toBeVisible()
  await save.click()
  await expect(page.getByText('Please correct the errors before saving')).toBeVisible()
  await expectNoAxeViolations(page)
  await form.getByLabel('ZIP code').fill('85701')

  // Leaving with unsaved changes asks first; declining keeps the form as it was.
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('You have unsaved changes. Are you sure you want to leave?')
    void dialog.dismiss()
  })
  await page.getByRole('link', { name: 'Account Settings' }).click()
  await expect(page).toHaveURL(/\/app\/profile$/)
  await expect(form.getByLabel('First name')).toHaveValue('Robin')

  await save.click()
  await expect(page.getByText('Profile updated successfully!')).toBeVisible()
  await expect(page.getByText('400 Mission Road')).toBeVisible()
  await expect(page.getByRole('button', { name: /Account menu for Robin/ })).toBeVisible()
  await page.reload()
  await expect(page.getByText('400 Mission Road')).toBeVisible()
  await expect(page.getByText('Phone: (520) 555-0199')).toBeVisible()

  await page.getByRole('button', { name: 'Edit Profile' }).click()
  await page.getByRole('form', { name: 'Edit profile' }).getByLabel('City').fill('Phoenix')
  await page.getByRole('form', { name: 'Edit profile' }).getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('Changes discarded')).toBeVisible()
  await expect(page.getByText('Tucson', { exact: false })).toBeVisible()
  await expect(page.getByText('Changes discarded')).toBeHidden({ timeout: 4_000 })
})

test('account settings: tabs from ?tab=, the name form, and a theme that follows the user', async ({
  page,
}) => {
  const email = await signUpNewAccount(page, 'physician', PASSWORD)
  await signIn(page, email, PASSWORD)
  await page.goto('/app/account?tab=preferences')
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Preferences' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('switch', { name: /Billing updates/ })).toBeChecked()
  await expectNoAxeViolations(page)

  await page.getByLabel('Theme').selectOption('dracula')
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dracula')
  await expect(page.getByText('Preferences saved')).toBeVisible()
  await page.getByRole('switch', { name: /System updates/ }).uncheck()
  await expect(page.getByRole('switch', { name: /System updates/ })).not.toBeChecked()
  await expectNoAxeViolations(page)

  await page.getByRole('tab', { name: 'Profile' }).click()
  await expect(page).toHaveURL(/tab=profile/)
  await expectNoAxeViolations(page)
  const names = page.getByRole('form', { name: 'Your name' })
  await names.getByLabel('Last name').fill('')
  await names.getByRole('button', { name: 'Update Profile' }).click()
  await expect(names.getByText('Last name is required')).toBeVisible()
  await names.getByLabel('Last name').fill('Okafor')
  await names.getByRole('button', { name: 'Update Profile' }).click()
  await expect(page.getByText('Profile updated successfully!')).toBeVisible()

  // Another browser (no local theme) gets the account's theme and switches after sign-in.
  await page.evaluate('localStorage.clear()')
  await page.context().clearCookies()
  await signIn(page, email, PASSWORD)
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dracula')
  await page.goto('/app/account?tab=preferences')
  await expect(page.getByRole('switch', { name: /System updates/ })).not.toBeChecked()
  await page.getByLabel('Theme').selectOption('light')
  await expect(page.getByText('Preferences saved')).toBeVisible()
})
