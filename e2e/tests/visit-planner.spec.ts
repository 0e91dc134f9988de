// The visit planner and the pre-visit brief, on the demo data pulled at first start: the physician group's
// Jessica Johnson (BBUser00042) last had her wellness visit in July 2024 and covered fewer than 80% of this
// year's days with her statin; Susan Nguyen (BBUser00019) has no wellness visit on her claims.
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, signInAs } from './fixtures.ts'
import { beneficiary } from './medicare.ts'

const flagged = beneficiary(42).fullName
const neverSeen = beneficiary(19).fullName

test('a physician opens the visit planner, filters it to patients below 80% and opens a printable brief', async ({
  page,
}) => {
  await signInAs(page, 'PHYSICIAN_USER')
  await page.goto('/app/physician/appointments')
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible()
  const planner = page.getByRole('table', { name: 'Patients due for their annual wellness visit' })
  const flaggedRow = planner.getByRole('row', { name: new RegExp(flagged) })
  await expect(flaggedRow).toContainText('Due since Jul 1, 2025')
  await expect(flaggedRow).toContainText(/Cholesterol \(statins\): \d+%, out since/)
  await expect(planner.getByRole('row', { name: new RegExp(neverSeen) })).toContainText(
    'Due: none on their Medicare claims',
  )
  // The renewals and waiting requests are still listed below.
  await expect(page.getByRole('heading', { level: 2, name: 'Renewals and waiting requests' })).toBeVisible()
  await expect(page.getByRole('progressbar').or(page.getByText(/Loading/))).toHaveCount(0)
  await expectNoAxeViolations(page)

  await page.getByRole('checkbox', { name: 'Only patients below 80% adherence' }).check()
  await expect(planner.getByRole('row', { name: new RegExp(neverSeen) })).toHaveCount(0)
  await expect(flaggedRow).toBeVisible()

  const opened = page.waitForResponse(
    (response) => /\/brief\/opened\/$/.test(response.url()) && response.request().method() === 'POST',
  )
  await flaggedRow.getByRole('link', { name: `Pre-visit brief for ${flagged}` }).click()
  await expect(page).toHaveURL(/\/app\/patient\/[^/]+\/brief$/)
  await expect(page.getByRole('heading', { level: 1, name: `Pre-visit brief: ${flagged}` })).toBeVisible()
  const adherence = page.getByRole('region', { name: 'Medication adherence' })
  await expect(adherence.getByRole('row', { name: /Cholesterol \(statins\)/ })).toContainText('Below 80%')
  await expect(page.getByRole('region', { name: 'Open gaps' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Current medications' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Last visits' })).toContainText('Annual wellness visit: last')
  await expect(page.getByText('This is your first brief for this patient', { exact: false })).toBeVisible()
  await expectNoAxeViolations(page)
  expect((await opened).status()).toBe(200)

  // Printed, the brief stands alone: no navigation, no buttons.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('heading', { level: 1, name: `Pre-visit brief: ${flagged}` })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
  await expect(page.getByRole('navigation').first()).toBeHidden()
  await page.emulateMedia({ media: 'screen' })

  // Opened again, it compares with the opening just recorded.
  await page.reload()
  await expect(page.getByText('Nothing new since your last brief', { exact: false })).toBeVisible()

  // The patient page shows the same measures in its adherence panel.
  await page.getByRole('link', { name: 'Back to patient' }).click()
  const panel = page.getByRole('region', { name: 'Medication adherence' })
  await expect(panel.getByRole('row', { name: /Cholesterol \(statins\)/ })).toContainText('Below 80%')
  await expectNoAxeViolations(page)
})
