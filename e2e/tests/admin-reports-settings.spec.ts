import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, signInAs, useTheme } from './fixtures.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10)
const REPORT_TABLES = [
  'Requests by status',
  'Requests sent by ISO week',
  'Consent conversion',
  'Blue Button data pulls',
  'Active users',
]

test('platform admin: changes the report’s range, reads the tables and downloads the same report as CSV', async ({
  page,
}) => {
  await signInAs(page, 'ADMIN')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click()
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Requests by status' })).toBeVisible()

  const to = isoDay(Date.now())
  const from = isoDay(Date.now() - 59 * DAY_MS)
  await page.getByLabel('From', { exact: true }).fill(from)
  await page.getByLabel('To', { exact: true }).fill(to)
  await expect(page.getByLabel('Organization')).toHaveValue('')
  await page.getByRole('button', { name: 'Show report' }).click()
  await expect(
    page.getByRole('heading', { level: 2, name: `All organisations, ${from} to ${to}` }),
  ).toBeVisible()
  for (const caption of [...REPORT_TABLES, 'Outgoing messages by channel'])
    await expect(page.getByRole('table', { name: caption })).toBeVisible()
  // The admin's own sign-in of this journey counts: at least one active user.
  const activeUsers = page.getByRole('table', { name: 'Active users' }).getByRole('cell')
  const shown = Number(await activeUsers.first().textContent())
  expect(shown).toBeGreaterThan(0)
  // Nine ISO weeks at least in 60 days, each with its row.
  expect(
    await page.getByRole('table', { name: 'Requests sent by ISO week' }).getByRole('row').count(),
  ).toBeGreaterThan(9)
  await expectNoAxeViolations(page)

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`admin-report-${from}-to-${to}.csv`)
  const csv = await readFile(await download.path(), 'utf8')
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toBe('section,item,value')
  expect(lines).toContain(`report,from,${from}`)
  expect(lines).toContain('report,organization,All organisations')
  const csvActive = lines.find((line) => line.startsWith('users,active_users,'))
  expect(Number(csvActive?.split(',')[2])).toBeGreaterThanOrEqual(shown)
})

test('organisation admin: changes the reminder cadence, sees it saved after reload, and a bad value is refused', async ({
  page,
}) => {
  await signInAs(page, 'ACO_ADMIN')
  await page.goto('/app/admin/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  // An organisation admin edits their own organisation only: no picker.
  await expect(page.getByLabel('Organization')).toHaveCount(0)
  const reminders = page.getByLabel('Reminder times (hours after sending)')
  await expect(reminders).not.toHaveValue('')
  const original = await reminders.inputValue()
  await expectNoAxeViolations(page)

  try {
    await reminders.fill('24, 96')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Settings saved.')).toBeVisible()
    await page.reload()
    await expect(page.getByLabel('Reminder times (hours after sending)')).toHaveValue('24, 96')

    await page.getByLabel('Reminder times (hours after sending)').fill('500')
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Each reminder must be a whole number of hours from 1 to 167.')).toBeVisible()
    await expect(page.getByLabel('Reminder times (hours after sending)')).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await expectNoAxeViolations(page)
    await page.reload()
    await expect(page.getByLabel('Reminder times (hours after sending)')).toHaveValue('24, 96')
  } finally {
    // The demo ACO is shared with other journeys: put its schedule back.
    await page.getByLabel('Reminder times (hours after sending)').fill(original)
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByText('Settings saved.')).toBeVisible()
  }
})

for (const theme of ['light', 'dark']) {
  test(`axe finds no violations on the Reports and Settings pages in the ${theme} theme`, async ({
    page,
  }) => {
    await useTheme(page, theme)
    await signInAs(page, 'ADMIN')
    await page.goto('/app/admin/reports')
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    for (const caption of REPORT_TABLES)
      await expect(page.getByRole('table', { name: caption })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.goto('/app/admin/settings')
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    await expect(page.getByLabel('Reminder times (hours after sending)')).toBeVisible()
    await expectNoAxeViolations(page)
  })
}
