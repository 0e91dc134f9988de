import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, signInAs } from './fixtures.ts'

test('the ACO admin opens the risk gap worklist, filters it by TIN and marks a gap addressed', async ({
  page,
}) => {
  await signInAs(page, 'ACO_ADMIN')
  await page.goto('/app/dashboard')
  await page.getByRole('link', { name: 'Risk gaps' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Risk gaps' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Risk gaps, highest value first' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  await expectNoAxeViolations(page)

  // The TIN of the most valuable gap: filtering by it keeps only that TIN's patients.
  const firstRow = table.getByRole('row').nth(1)
  const tinName = ((await firstRow.getByRole('cell').first().locator('span').textContent()) ?? '').trim()
  const tin = page.getByLabel('TIN')
  const option = (await tin.locator('option').allTextContents()).find((name) =>
    name.startsWith(`${tinName} (`),
  )
  expect(option).toBeDefined()
  const filtered = page.waitForResponse((response) => /\/api\/risk-gaps\/\?.*tin=/.test(response.url()))
  await tin.selectOption({ label: option ?? '' })
  expect((await filtered).status()).toBe(200)
  const rows = table.getByRole('row')
  await expect(rows.nth(1)).toContainText(tinName)
  for (const text of (await rows.allTextContents()).slice(1)) expect(text).toContain(tinName)

  const patient = (await firstRow.getByRole('link').first().textContent()) ?? ''
  const markAddressed = firstRow.getByRole('button', { name: /^Mark .+ addressed$/ })
  const label = (await markAddressed.getAttribute('aria-label')) ?? ''
  await markAddressed.click()
  await expect(page.getByRole('button', { name: label })).toHaveCount(0)

  await page.getByLabel('Status').selectOption('addressed')
  const addressed = table.getByRole('row').filter({ hasText: patient })
  await expect(addressed.first()).toContainText('Addressed')
  await expectNoAxeViolations(page)
})

test('a physician finds the conditions a patient’s prescriptions imply and no claim diagnoses', async ({
  page,
}) => {
  await signInAs(page, 'PHYSICIAN_USER')
  await page.goto('/app/dashboard')
  await page.getByRole('link', { name: 'Risk gaps' }).first().click()
  const table = page.getByRole('table', { name: 'Risk gaps, highest value first' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()

  const suspectsOnly = page.waitForResponse((response) =>
    /\/api\/risk-gaps\/\?.*type=suspect/.test(response.url()),
  )
  await page.getByLabel('Gap type').selectOption({ label: 'Suspect' })
  expect((await suspectsOnly).status()).toBe(200)
  const rows = table.getByRole('row')
  await expect(rows.nth(1)).toContainText('Suspect')
  const texts = (await rows.allTextContents()).slice(1)
  for (const text of texts) expect(text).toContain('no diagnosis on any claim')
  // The demo's patient on diabetes, anticoagulant, dementia and COPD drugs with none of them coded.
  for (const drug of [/metformin|insulin|sitagliptin/i, /apixaban/i, /donepezil/i, /tiotropium|salmeterol/i])
    expect(texts.some((text) => drug.test(text))).toBe(true)
  await expectNoAxeViolations(page)
})
