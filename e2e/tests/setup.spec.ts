import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, latestOutboxLink } from './fixtures.ts'

const BANNER =
  'Setup Not Complete - Complete your profile setup to start sending patient authorization requests.'
const PASSWORD = 'Correct-Horse-9'

/**
 * A new organisation through the real sign-up: the form, then the emailed link from the dev outbox, which
 * signs the new admin in and takes them to the setup wizard (not an empty dashboard).
 */
async function signUp(page: Page, kind: 'physician' | 'aco-user', email: string, organization: string) {
  await page.goto(`/signup/${kind}`)
  await page.getByLabel('First name').fill('Casey')
  await page.getByLabel('Last name').fill('Morgan')
  await page.getByLabel('Work email').fill(email)
  await page.getByLabel(kind === 'physician' ? 'Practice name' : 'ACO legal name').fill(organization)
  if (kind === 'physician') await page.getByLabel('NPI').fill('1234567893')
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible()
  await page.goto(await latestOutboxLink(page, email, '/signup/verify/'))
  await expect(page).toHaveURL(/\/app\/setup/)
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your organization' })).toBeVisible()
}

const progress = async (page: Page) =>
  Number(/(\d+)%/.exec((await page.getByText(/^Setup progress:/).textContent()) ?? '')?.[1])

test('a new physician practice signs up, verifies, and the wizard asks only what sign-up did not', async ({
  page,
}) => {
  const stamp = Date.now()
  const practice = `Morgan Clinic ${stamp}`
  await signUp(page, 'physician', `setup.dr.${stamp}@example.org`, practice)
  const main = page.getByRole('main')

  // Sign-up said what the practice is, its NPI and its name: the wizard opens on its details.
  await expect(main.getByRole('heading', { level: 2, name: 'Identity' })).toBeVisible()
  await expect(main.getByText('Medical Provider (Clinic/Group/FQHC)')).toBeVisible()
  await expect(page.getByText(BANNER)).toBeHidden()
  await expect(page.getByLabel('NPI')).toHaveValue('1234567893')
  await expect(page.getByLabel('NPI')).not.toBeEditable()
  await expect(page.getByLabel('Organization name')).toHaveValue(practice)
  await expect(page.getByLabel('Display name')).toHaveValue(practice)
  await expect(main.getByText('This field is required')).toBeHidden()
  const seen = [await progress(page)]
  await expectNoAxeViolations(page)

  // The business-type step is stated, not asked.
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(main.getByText(/Your organization signed up as/)).toBeVisible()
  await expect(page.getByLabel('Team')).toHaveCount(0)
  seen.push(await progress(page))
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Continue' }).click()

  // An error waits for the field to be left; the NPI lookup never puts a person's name where patients see it.
  await page.getByLabel('Display name').fill('')
  await expect(main.getByText('This field is required')).toBeHidden()
  await page.getByLabel('Display name').blur()
  await expect(main.getByText('This field is required')).toBeVisible()
  await page.getByRole('button', { name: 'Look up NPI' }).click()
  await expect(main.getByText(/Found in the NPI registry/)).toBeVisible()
  await expect(page.getByLabel('Display name')).toHaveValue(practice)
  await expect(main.getByText('This field is required')).toBeHidden()
  seen.push(await progress(page))
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(main.getByRole('heading', { level: 2, name: 'Invitations' })).toBeVisible()
  await page.getByRole('button', { name: 'Add invitation' }).click()
  await page.getByLabel('Email 1').fill(`setup.colleague.${stamp}@example.org`)
  // Colleagues are scoped to the practice's TIN, so inviting one asks for it.
  await expect(
    page.getByText('Add the clinic TIN to invite colleagues: their access is scoped to it'),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await page.getByLabel('Clinic TIN').fill(`84-${String(stamp).slice(-7)}`)
  await page.getByRole('button', { name: 'Continue' }).click()
  seen.push(await progress(page))
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Continue' }).click()

  // The last step states billing as Billing does: no subscription yet, with the way to one.
  await expect(main.getByRole('heading', { level: 2, name: 'Complete' })).toBeVisible()
  await expect(page.getByText('NPI validated: done')).toBeVisible()
  await expect(main.getByText(/No subscription yet — start a free trial or choose a plan in/)).toBeVisible()
  await expect(main.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/app/billing')
  await expect(main.getByText(/Billing active/)).toHaveCount(0)
  seen.push(await progress(page))
  expect(seen).toEqual([...seen].sort((a, b) => a - b))
  expect(seen.at(-1)).toBe(100)
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Finish setup' }).click()
  await expect(page).toHaveURL(/\/app\/dashboard/)
  await expect(page.getByText(BANNER)).toBeHidden()
  await latestOutboxLink(page, `setup.colleague.${stamp}@example.org`, '/app/accept-invitation/')
  // What Billing itself says, matching the wizard's last step.
  await page.goto('/app/billing')
  await expect(page.getByRole('heading', { name: 'No Subscription Found' })).toBeVisible()

  await page.goto('/app/authorization/new')
  await page.getByLabel('Patient name').fill('Jordan Setup')
  const mrn = page.getByLabel('Medical record number (MRN)')
  if (await mrn.isVisible()) await mrn.fill(`SETUP-${stamp}`)
  await page.getByLabel('Email', { exact: true }).check()
  await page.getByLabel('Patient email').fill(`setup.patient.${stamp}@example.org`)
  await page.getByRole('button', { name: 'Send Authorization Request' }).click()
  await expect(page.getByText('Authorization request sent to Jordan Setup')).toBeVisible()
})

test('an ACO admin leaves the wizard half-way and resumes it, here and on another device', async ({
  page,
}) => {
  const stamp = Date.now()
  const email = `setup.aco.${stamp}@example.org`
  await signUp(page, 'aco-user', email, `Mesa ACO ${stamp}`)
  await expect(page.getByLabel('Legal name')).toHaveValue(`Mesa ACO ${stamp}`)
  await page.getByLabel('Legal name').fill('Mesa Valley ACO')
  await page.getByRole('button', { name: 'Add TIN' }).click()
  await page.getByLabel('TIN 1', { exact: true }).fill('12-3')
  await page.getByLabel('TIN 1', { exact: true }).blur()
  await expect(page.getByText('A TIN is 9 digits, for example 12-3456789')).toBeVisible()
  await page.getByLabel('TIN 1', { exact: true }).fill('12-34')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByLabel('TIN 1', { exact: true })).toHaveValue('12-3')
  await page.getByRole('button', { name: 'Redo' }).click()
  await expect(page.getByLabel('TIN 1', { exact: true })).toHaveValue('12-34')
  await expectNoAxeViolations(page)

  await page.reload()
  await expect(page.getByLabel('Legal name')).toHaveValue('Mesa Valley ACO')
  // Another device: nothing in this browser, the server's copy resumes it (saved a moment after typing).
  await page.waitForTimeout(1_500)
  await page.evaluate(
    "Object.keys(localStorage).filter((k) => k.startsWith('setup_wizard_progress')).forEach((k) => localStorage.removeItem(k))",
  )
  await page.reload()
  await expect(page.getByLabel('Legal name')).toHaveValue('Mesa Valley ACO')
  // Until setup is complete the dashboard leads back to the wizard; other pages carry the reminder.
  await page.goto('/app/dashboard')
  await expect(page).toHaveURL(/\/app\/setup/)
  await page.goto('/app/profile')
  await expect(page.getByText(BANNER)).toBeVisible()
})
