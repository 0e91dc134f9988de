import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, signInAs } from './fixtures.ts'

test('ACO admin: registers a TIN, finds it, deactivates and reactivates it, with the registry kept honest', async ({
  page,
}) => {
  // A number of its own per run, so a re-run against the same data never meets its own earlier TIN.
  const digits = String(100_000_000 + (Date.now() % 800_000_000))
  const formatted = `${digits.slice(0, 2)}-${digits.slice(2)}`
  const masked = `XX-XXX${digits.slice(-4)}`
  const practice = `Lakeshore Practice ${digits.slice(-4)}`

  await signInAs(page, 'ACO_ADMIN')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'TINs' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'TIN Management' })).toBeVisible()
  const table = page.getByRole('table', { name: 'TINs' })
  await expect(table.getByRole('row')).not.toHaveCount(1)
  await expectNoAxeViolations(page)

  await page.getByRole('button', { name: 'Add TIN' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add TIN' })
  await dialog.getByLabel('TIN').fill('12-34')
  await dialog.getByLabel('Practice or organization name').fill(practice)
  await dialog.getByRole('button', { name: 'Add TIN' }).click()
  await expect(dialog.getByText('A TIN is 9 digits, for example 12-3456789')).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByLabel('TIN').fill(formatted)
  await dialog.getByRole('button', { name: 'Add TIN' }).click()
  await expect(page.getByText(`TIN ${practice} added`)).toBeVisible()

  await page.getByLabel('Search TINs').fill(digits.slice(-4))
  const row = table.getByRole('row').filter({ hasText: practice })
  await expect(row).toContainText(masked)
  await expect(row).toContainText('Active')
  await expect(row).not.toContainText(digits)

  // The same number again is refused while the first is active.
  await page.getByRole('button', { name: 'Add TIN' }).click()
  await page.getByRole('dialog', { name: 'Add TIN' }).getByLabel('TIN').fill(digits)
  await page.getByRole('dialog', { name: 'Add TIN' }).getByLabel('Practice or organization name').fill('Copy')
  await page.getByRole('dialog', { name: 'Add TIN' }).getByRole('button', { name: 'Add TIN' }).click()
  await expect(page.getByText('This TIN is already active in your organization')).toBeVisible()
  await page.getByRole('dialog', { name: 'Add TIN' }).getByRole('button', { name: 'Cancel' }).click()

  await row.getByRole('button', { name: `Deactivate ${practice}` }).click()
  const confirm = page.getByRole('dialog', { name: 'Deactivate TIN' })
  await expect(confirm).toContainText('lose access to its 0 patients at once')
  await confirm.getByRole('button', { name: 'Deactivate' }).click()
  await expect(page.getByText(`TIN ${practice} (${masked}) deactivated`)).toBeVisible()
  await expect(table.getByRole('row').filter({ hasText: practice })).toHaveCount(0)
  await page.getByLabel('Status').selectOption('inactive')
  const inactive = table.getByRole('row').filter({ hasText: practice })
  await expect(inactive).toContainText('Inactive')
  await inactive.getByRole('button', { name: `Reactivate ${practice}` }).click()
  await page
    .getByRole('dialog', { name: 'Reactivate TIN' })
    .getByRole('button', { name: 'Reactivate' })
    .click()
  await expect(page.getByText(`TIN ${practice} (${masked}) reactivated`)).toBeVisible()
})

test('TIN Management is the ACO admin’s alone', async ({ page }) => {
  await signInAs(page, 'ACO_USER')
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'TINs' }),
  ).toHaveCount(0)
  await page.goto('/app/admin/tin-management')
  await expect(page).toHaveURL(/\/app\/unauthorized$/)
})
