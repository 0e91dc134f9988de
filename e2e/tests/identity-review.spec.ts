// Identity review: a request whose Medicare login is someone else is held, under review, never "Approved";
// the administrator sees both identities side by side, and a reject (with a reason) leaves the patient's
// record as it was; a confirm (with a reason) releases the data.
import { AUTHORIZATION } from '@blueconsent/contract/shared'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { apiAs, expectNoAxeViolations, latestOutboxLink, signInAs } from './fixtures.ts'
import { beneficiary, consentAtMedicare } from './medicare.ts'

type Patient = { name: string; birthDate?: string; mrn: string; email: string }

async function createRequest(page: Page, patient: Patient) {
  await page.goto('/app/authorization/new')
  await page.getByLabel('Patient name').fill(patient.name)
  if (patient.birthDate)
    await page.getByLabel('Date of birth (optional, recommended)').fill(patient.birthDate)
  await page.getByLabel('Medical record number (MRN)').fill(patient.mrn)
  await page.getByLabel('Email', { exact: true }).check()
  await page.getByLabel('Patient email').fill(patient.email)
  await page.getByRole('button', { name: 'Send Authorization Request' }).click()
  await expect(page.getByText(`Authorization request sent to ${patient.name}`)).toBeVisible()
}

async function patientAllows(
  browser: Browser,
  staff: Page,
  email: string,
  who: ReturnType<typeof beneficiary>,
) {
  const link = await latestOutboxLink(staff, email, '/consent/')
  const context = await browser.newContext()
  const patient = await context.newPage()
  await patient.goto(link)
  await patient.getByRole('button', { name: 'Connect with Medicare' }).click()
  await consentAtMedicare(patient, who, 'Allow')
  await expect(patient).toHaveURL(/\/consent\/complete\?result=authorized/)
  await context.close()
}

/**
 * How long My Requests may take to show a change made by the pull (the page refreshes its list every
 * AUTHORIZATION.listRefreshMs): a list fetched just before the pull held its data shows it one refresh later,
 * so waiting exactly one interval was a coin toss (seen on CI). Two intervals and a margin.
 */
const PULL_SHOWN_WITHIN = 2 * AUTHORIZATION.listRefreshMs + 15_000

async function myRequestCard(page: Page, name: string) {
  await page.goto('/app/authorization/new')
  await page.getByRole('tab', { name: /My Requests/ }).click()
  return page.getByRole('listitem').filter({ hasText: name }).first()
}

/** The review page's row (table on a laptop) for the newest request made out to `name`. */
async function reviewRow(page: Page, name: string) {
  await page.goto('/app/authorization-request-list')
  return page
    .getByRole('table', { name: 'Authorization requests' })
    .getByRole('row')
    .filter({ hasText: name })
    .first()
}

/** What the Medicare pull writes on a patient: a held pull of someone else must change none of it. */
const PULLED_FIELDS = [
  'full_name',
  'family_name',
  'given_names',
  'birth_date',
  'gender',
  'medicare_number',
  'state',
  'postal_code',
  'data_as_of',
  'last_synced_at',
] as const

const pulledPart = (record: Record<string, unknown>) =>
  Object.fromEntries(PULLED_FIELDS.map((field) => [field, record[field]]))

async function expectNoAxeViolationsAt390(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(page)
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(390)
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a held request: both identities shown, rejected with a reason, the patient record unchanged', async ({
  browser,
  page,
  playwright,
}) => {
  const dorothy = beneficiary(5)
  const someoneElse = beneficiary(15)
  const patient: Patient = {
    name: dorothy.fullName,
    birthDate: '1955-06-06',
    mrn: 'E2E-ID-0005',
    email: 'dorothy.id@example.com',
  }
  await signInAs(page, 'PHYSICIAN_USER')
  await createRequest(page, patient)
  await expectNoAxeViolations(page)
  await patientAllows(browser, page, patient.email, dorothy)
  let card = await myRequestCard(page, patient.name)
  await expect(card.getByText('Approved')).toBeVisible({ timeout: PULL_SHOWN_WITHIN })
  await page
    .getByRole('button', { name: `Revoke for ${patient.name}` })
    .first()
    .click()
  await expect(page.getByRole('status').filter({ hasText: `${patient.name}: Revoked` })).toBeVisible()

  // The patient's record as the earlier pull left it.
  const api = await apiAs(playwright.request, 'PHYSICIAN_ADMIN')
  const found = await api.get<{ results: { id: string }[] }>(`/api/patients/?mrn=${patient.mrn}`)
  const patientId = found.results[0]?.id ?? ''
  const recordBefore = pulledPart(await api.get<Record<string, unknown>>(`/api/patients/${patientId}/`))
  expect(recordBefore['full_name']).toBe(patient.name)

  // A second request for the same patient, but someone else signs in at Medicare.
  await createRequest(page, { ...patient, email: 'dorothy.id2@example.com' })
  await patientAllows(browser, page, 'dorothy.id2@example.com', someoneElse)
  card = await myRequestCard(page, patient.name)
  await expect(card.getByText('Under identity review')).toBeVisible({ timeout: PULL_SHOWN_WITHIN })
  await expect(card.getByText('Approved')).toHaveCount(0)

  // The administrator compares both identities, then rejects with a reason.
  await page.context().clearCookies()
  await signInAs(page, 'PHYSICIAN_ADMIN')
  const row = await reviewRow(page, patient.name)
  const evidence = row.getByRole('table', { name: 'Identity asked for and identity Medicare returned' })
  await expect(evidence).toContainText(patient.name)
  await expect(evidence).toContainText(someoneElse.fullName.split(' ')[1] ?? '')
  await expect(evidence).toContainText('6/6/1955')
  await expect(evidence).toContainText('6/3/1961')
  await expect(row.getByText(/What differs: Name, Date of birth/)).toBeVisible()
  await expect(row.getByText('Under identity review')).toBeVisible()
  await expectNoAxeViolations(page)
  await expectNoAxeViolationsAt390(page)

  await row.getByRole('button', { name: `Reject identity of ${patient.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Reject the Medicare record?' })
  await expect(dialog).toContainText(patient.name)
  await dialog.getByRole('button', { name: 'Reject and delete data' }).click()
  await expect(dialog.getByText('Give a reason for this decision.')).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByLabel('Reason').fill('Another beneficiary signed in at Medicare.')
  await dialog.getByRole('button', { name: 'Reject and delete data' }).click()
  await expect(page.getByText(`Identity of ${patient.name} rejected.`)).toBeVisible()
  await expect((await reviewRow(page, patient.name)).getByText('Identity rejected')).toBeVisible()

  const recordAfter = pulledPart(await api.get<Record<string, unknown>>(`/api/patients/${patientId}/`))
  expect(recordAfter).toEqual(recordBefore)
  expect(recordAfter['full_name']).toBe(patient.name)
  await api.dispose()
})

test('a held request confirmed with a reason: the data is released', async ({ browser, page }) => {
  const who = beneficiary(22)
  const patient: Patient = { name: 'Jane Doe', mrn: 'E2E-ID-0022', email: 'jane.doe.id@example.com' }
  await signInAs(page, 'PHYSICIAN_USER')
  await createRequest(page, patient)
  await patientAllows(browser, page, patient.email, who)
  const card = await myRequestCard(page, patient.name)
  await expect(card.getByText('Under identity review')).toBeVisible({ timeout: PULL_SHOWN_WITHIN })

  await page.context().clearCookies()
  await signInAs(page, 'PHYSICIAN_ADMIN')
  const row = await reviewRow(page, patient.name)
  await expect(row).toContainText(who.fullName.split(' ')[1] ?? '')
  await row.getByRole('button', { name: `Confirm identity of ${patient.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Confirm identity of ${patient.name}?` })
  await expect(dialog).toContainText('Jane Doe')
  await dialog.getByLabel('Reason').fill('Checked by phone: the patient uses a different name.')
  await dialog.getByRole('button', { name: 'Confirm identity' }).click()
  await expect(page.getByText(`Identity of ${patient.name} confirmed.`)).toBeVisible()
  await expect((await reviewRow(page, patient.name)).getByText('Approved')).toBeVisible()
})
