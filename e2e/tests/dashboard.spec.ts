import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, signInAs } from './fixtures.ts'

test('each role opens the dashboard to its own figures, one click from the list behind them', async ({
  page,
}) => {
  await signInAs(page, 'ACO_ADMIN')
  await page.goto('/app/dashboard')
  await expect(page.getByRole('heading', { level: 2, name: 'Your patients and requests' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Patients with Medicare data/ })).toBeVisible()
  await expect(page.getByRole('table', { name: /Risk scores of \d+ patients/ })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: /Patients with Medicare data/ }).click()
  await expect(page).toHaveURL(/\/app\/patients/)

  await page.context().clearCookies()
  await page.evaluate('localStorage.clear()')
  await signInAs(page, 'AGENT_USER')
  await page.goto('/app/dashboard')
  await expect(page.getByRole('heading', { level: 2, name: 'Your clients' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Access ending next' })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.context().clearCookies()
  await page.evaluate('localStorage.clear()')
  await signInAs(page, 'ADMIN')
  await page.goto('/app/dashboard')
  await expect(page.getByRole('heading', { level: 2, name: 'The platform today' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Organizations/ })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the ACO admin reads the risk report, filters it by model and exports it', async ({ page }) => {
  await signInAs(page, 'ACO_ADMIN')
  await page.goto('/app/aco/reports')
  await expect(page.getByRole('heading', { level: 1, name: 'ACO Reports' })).toBeVisible()
  const table = page.getByRole('table', { name: 'Risk scores' })
  await expect(table.getByRole('row').nth(1)).toBeVisible()
  await expectNoAxeViolations(page)
  const model = page.getByLabel('Model')
  const firstModel = await model.locator('option').nth(1).getAttribute('value')
  await model.selectOption(firstModel ?? '')
  await expect(table.getByRole('row').nth(1)).toContainText(firstModel ?? '')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  expect((await download).suggestedFilename()).toBe('risk-report.csv')
})

test('an agent reads a client’s drug list and Medicare coverage', async ({ page }) => {
  await signInAs(page, 'AGENT_USER')
  await page.goto('/app/agent/quotes')
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible()
  const client = page.getByLabel('Client')
  await expect(client.locator('option').nth(1)).toBeAttached()
  const first = await client.locator('option').nth(1).getAttribute('value')
  await client.selectOption(first ?? '')
  await expect(page.getByRole('heading', { level: 2, name: /\d+ drugs?/ })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.goto(`/app/agent/policies?client=${first}`)
  await expect(page.getByRole('heading', { level: 2, name: /Medicare coverage/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Medicare parts' })).toContainText('Part A (hospital)')
  await expectNoAxeViolations(page)
})

test('a physician sees what falls due by day', async ({ page }) => {
  await signInAs(page, 'PHYSICIAN_ADMIN')
  await page.goto('/app/physician/appointments')
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible()
  await expect(
    page.getByText('BlueConsent does not hold your clinic schedule', { exact: false }),
  ).toBeVisible()
  await expect(page.getByRole('progressbar').or(page.getByText(/Loading/))).toHaveCount(0)
  await expectNoAxeViolations(page)
})

test('every figure of the ACO admin’s dashboard opens Data Access on exactly the rows it counts', async ({
  page,
}) => {
  await signInAs(page, 'ACO_ADMIN')
  const figures = [
    { label: 'Waiting over 48 hours', heading: 'Waiting over 48 hours' },
    { label: 'Ending within 30 days', heading: 'Ending within 30 days' },
    { label: 'Data pulls failed', heading: 'Data pulls failed' },
    { label: 'Requests authorized', heading: 'Data freshness' },
  ]
  for (const figure of figures) {
    await page.goto('/app/dashboard')
    const link = page.getByRole('link', { name: new RegExp(`^${figure.label}`) })
    await expect(link).toBeVisible()
    const text = (await link.innerText()).replace(/\s+/g, ' ')
    // "Requests authorized" shows a rate; its note says how many ("12 of 20 sent").
    const counted = Number(
      figure.label === 'Requests authorized'
        ? /(\d+) of \d+ sent/.exec(text)?.[1]
        : new RegExp(`${figure.label} (\\d+)`).exec(text)?.[1],
    )
    expect(Number.isInteger(counted)).toBe(true)
    await link.click()
    await expect(page).toHaveURL(/\/app\/care-management\?attention=/)
    await expect(
      page.getByRole('heading', { level: 2, name: `${figure.heading} (${counted})` }),
    ).toBeVisible()
    const rows = page.getByRole('table', { name: figure.heading }).locator('tbody tr')
    await expect(rows).toHaveCount(Math.min(counted, 100))
  }
  await page.goto('/app/care-management')
  await expect(page.getByRole('heading', { level: 1, name: 'Data Access' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: /^Data freshness \(\d+\)$/ })).toBeVisible()
  await expectNoAxeViolations(page)
})
