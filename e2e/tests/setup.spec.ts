import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, latestOutboxLink } from './fixtures.ts'

const BANNER =
  'Setup Not Complete - Complete your profile setup to start sending patient authorization requests.'
const PASSWORD = 'Correct-Horse-9'

/** A new organisation through the real sign-up: form, emailed link, first sign-in. */
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
  await expect(page.getByText('Your email address is verified. You can sign in now.')).toBeVisible()
  await page.goto('/app/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).not.toHaveURL(/\/app\/login/)
}

test('a new physician practice completes setup with an NPI and an invitation, then sends a request', async ({
  page,
}) => {
  const stamp = Date.now()
  await signUp(page, 'physician', `setup.dr.${stamp}@example.org`, `Morgan Clinic ${stamp}`)
  await expect(page.getByText(BANNER)).toBeVisible()
  await page.getByRole('link', { name: 'Resume Setup' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your organization' })).toBeVisible()
  await expect(page.getByText(BANNER)).toBeHidden()
  await expectNoAxeViolations(page)

  await page.getByLabel('Team').check()
  await page.getByLabel('Medical Provider (Clinic/Group/FQHC)').check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('NPI').fill('1245319598')
  await expect(page.getByText('Enter a valid 10-digit NPI')).toBeVisible()
  await page.getByLabel('NPI').fill('1245319599')
  await page.getByRole('button', { name: 'Look up NPI' }).click()
  await expect(page.getByText(/Found in the NPI registry/)).toBeVisible()
  await expect(page.getByLabel('Display name')).not.toHaveValue('')
  await expect(page.getByText('Setup progress: 100%')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Continue' }).click()

  await page.getByRole('button', { name: 'Add invitation' }).click()
  await page.getByLabel('Email 1').fill(`setup.colleague.${stamp}@example.org`)
  // Colleagues are scoped to the practice's TIN, so inviting one asks for it.
  await expect(
    page.getByText('Add the clinic TIN to invite colleagues: their access is scoped to it'),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Back' }).click()
  await page.getByLabel('Clinic TIN').fill(`84-${String(stamp).slice(-7)}`)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('NPI validated: done')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Finish setup' }).click()
  await expect(page).toHaveURL(/\/app\/dashboard/)
  await expect(page.getByText(BANNER)).toBeHidden()
  await latestOutboxLink(page, `setup.colleague.${stamp}@example.org`, '/app/accept-invitation/')

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
  await page.goto('/app/setup')
  await page.getByLabel('Team').check()
  await page.getByLabel('Accountable Care Organization (ACO)').check()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Legal name').fill('Mesa Valley ACO')
  await page.getByRole('button', { name: 'Add TIN' }).click()
  await page.getByLabel('TIN 1', { exact: true }).fill('12-3')
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
  await page.goto('/app/dashboard')
  await expect(page.getByText(BANNER)).toBeVisible()
})
