import { expect, test, type Browser, type Page } from '@playwright/test'
import { expectNoAxeViolations, latestOutboxLink, signInAs } from './fixtures.ts'
import { beneficiary, consentAtMedicare } from './medicare.ts'

/** The patient record's fill tables: current fills, past fills, or both, as the fill dates fall. */
const FILLS = /^(Current|Past) fills$/

async function createEmailRequest(
  page: Page,
  request: { name: string; email: string; mrn?: string },
  submit: string,
) {
  await page.goto('/app/authorization/new')
  await page.getByLabel('Patient name').fill(request.name)
  if (request.mrn) await page.getByLabel('Medical record number (MRN)').fill(request.mrn)
  await page.getByLabel('Email', { exact: true }).check()
  await page.getByLabel('Patient email').fill(request.email)
  await page.getByRole('button', { name: submit }).click()
  await expect(page.getByText(`Authorization request sent to ${request.name}`)).toBeVisible()
}

/** The patient's side, in a browser of their own: open the emailed link, connect, answer at Medicare. */
async function patientAnswers(
  browser: Browser,
  staff: Page,
  to: string,
  who: ReturnType<typeof beneficiary>,
  answer: 'Allow' | 'Deny',
) {
  const link = await latestOutboxLink(staff, to, '/consent/')
  const context = await browser.newContext()
  const patient = await context.newPage()
  await patient.goto(link)
  await patient.getByRole('button', { name: 'Connect with Medicare' }).click()
  await consentAtMedicare(patient, who, answer)
  await expect(patient).toHaveURL(/\/consent\/complete\?result=(authorized|denied)/)
  return { patient, context }
}

async function openMyRequests(page: Page) {
  await page.goto('/app/authorization/new')
  await page.getByRole('tab', { name: /My Requests/ }).click()
}

/** The request's status on the review page, filtered so other (demo) requests never page it out of view. */
async function expectStatusOnReviewPage(
  page: Page,
  name: string,
  label: 'Approved' | 'Rejected' | 'Revoked',
) {
  await page.goto('/app/authorization-request-list')
  await page.getByLabel('Status').selectOption({ label })
  await expect(
    page.getByRole('table', { name: 'Authorization requests' }).getByRole('row').filter({ hasText: name }),
  ).not.toHaveCount(0)
}

test('physician: email request → patient consents at Medicare → Approved with medications, claims and risk score', async ({
  browser,
  page,
}) => {
  const who = beneficiary(0)
  const email = 'patient.zero@example.com'
  await signInAs(page, 'PHYSICIAN_USER')
  await createEmailRequest(
    page,
    { name: who.fullName, email, mrn: 'E2E-MRN-0001' },
    'Send Authorization Request',
  )
  await expectNoAxeViolations(page)

  const { patient, context } = await patientAnswers(browser, page, email, who, 'Allow')
  await expect(patient.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoAxeViolations(patient)
  await context.close()

  await openMyRequests(page)
  const card = page.getByRole('listitem').filter({ hasText: who.fullName }).first()
  await expect(card.getByText('Approved')).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: `View data for ${who.fullName}` }).click()
  // The Data tab shows the patient's record, the same one as Patient Details.
  await expect(page.getByRole('table', { name: FILLS }).first()).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('link', { name: `Open ${who.fullName}’s patient record` })).toBeVisible()
  await page.getByRole('tab', { name: 'Claims' }).click()
  await expect(page.getByRole('table', { name: 'Claims' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('tab', { name: 'Risk score' }).click()
  await expect(page.getByText(/HCC\d+/).first()).toBeVisible()
  await expect(page).toHaveURL(/tab=data&request=.+#risk-score$/)
  await expectNoAxeViolations(page)

  // Revoke: the request ends and its data is no longer served.
  await openMyRequests(page)
  await page
    .getByRole('button', { name: `Revoke for ${who.fullName}` })
    .first()
    .click()
  await expect(page.getByRole('status').filter({ hasText: `${who.fullName}: Revoked` })).toBeVisible()
  await expectStatusOnReviewPage(page, who.fullName, 'Revoked')
})

test('SMS request: the patient replies YES, gets the link, and declines (Rejected)', async ({
  browser,
  page,
}) => {
  const who = beneficiary(3)
  await signInAs(page, 'ACO_USER')
  await page.goto('/app/authorization/new')
  await page.getByLabel('Patient name').fill(who.fullName)
  await page.getByLabel('Medical record number (MRN)').fill('E2E-MRN-0003')
  await page.getByLabel('Text message (SMS)').check()
  await page.getByLabel('Patient mobile phone').fill('5552220003')
  await expect(page.getByLabel('Patient mobile phone')).toHaveValue('(555) 222-0003')
  await page.getByRole('button', { name: 'Send Authorization Request' }).click()
  await expect(page.getByText(`Authorization request sent to ${who.fullName}`)).toBeVisible()
  await page.getByRole('tab', { name: /My Requests/ }).click()
  await expect(
    page.getByRole('listitem').filter({ hasText: who.fullName }).first().getByText('Awaiting Consent'),
  ).toBeVisible()

  // The patient answers the first SMS with YES from the demo outbox.
  const outbox = await browser.newPage()
  await outbox.goto('/dev/outbox')
  const sms = outbox
    .getByRole('listitem')
    .filter({ hasText: '+15552220003' })
    .filter({ hasText: /YES/ })
    .first()
  await sms.getByRole('region', { name: 'Reply as patient' }).getByRole('button', { name: 'YES' }).click()
  const link = await latestOutboxLink(outbox, '+15552220003', '/consent/')
  await outbox.close()

  const context = await browser.newContext()
  const patient = await context.newPage()
  await patient.goto(`${link}${link.includes('?') ? '&' : '?'}lang=es`)
  await expect(patient.locator('html')).toHaveAttribute('lang', 'es')
  await expectNoAxeViolations(patient)
  await patient.goto(link)
  await patient.getByRole('button', { name: 'Decline' }).click()
  await patient.getByRole('button', { name: 'Yes, decline' }).click()
  // The page says so only once the server recorded the answer; closing the browser before could drop it.
  await expect(patient.getByRole('heading', { name: 'You declined' })).toBeVisible()
  await context.close()

  await expectStatusOnReviewPage(page, who.fullName, 'Rejected')
})

test('agent: no MRN, no Patients tab, and only medications after approval', async ({ browser, page }) => {
  const who = beneficiary(1)
  const email = 'client.one@example.com'
  await signInAs(page, 'AGENT_USER')
  await page.goto('/app/authorization/new')
  // The form first, so the absences below are of a rendered form rather than of a page still loading.
  await expect(page.getByLabel('Patient name')).toBeVisible()
  await expect(page.getByLabel('Medical record number (MRN)')).toHaveCount(0)
  await expect(page.getByRole('tab', { name: 'Patients' })).toHaveCount(0)
  await createEmailRequest(page, { name: who.fullName, email }, 'Send Request to Client')

  const { context } = await patientAnswers(browser, page, email, who, 'Allow')
  await context.close()

  await openMyRequests(page)
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: who.fullName })
      .first()
      .getByText(/Approved|Expires in/),
  ).toBeVisible({
    timeout: 30_000,
  })
  await page.getByRole('button', { name: `View data for ${who.fullName}` }).click()
  await expect(page.getByRole('table', { name: FILLS }).first()).toBeVisible({ timeout: 60_000 })
  await expect(page.getByRole('tab', { name: 'Claims' })).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'Claims' })).toHaveCount(0)
  await expect(page.getByRole('tab', { name: 'Risk score' })).toHaveCount(0)
})

test('a patient who denies at Medicare leaves the request Rejected', async ({ browser, page }) => {
  const who = beneficiary(2)
  const email = 'patient.two@example.com'
  await signInAs(page, 'PHYSICIAN_ADMIN')
  await createEmailRequest(
    page,
    { name: who.fullName, email, mrn: 'E2E-MRN-0002' },
    'Send Authorization Request',
  )
  const { context } = await patientAnswers(browser, page, email, who, 'Deny')
  await context.close()
  await expectStatusOnReviewPage(page, who.fullName, 'Rejected')
})
