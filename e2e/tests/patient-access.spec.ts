import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, latestOutboxLink, signInAs } from './fixtures.ts'
import { beneficiary, consentAtMedicare } from './medicare.ts'

const PHONE = { width: 390, height: 844 }

async function createEmailRequest(page: Page, request: { name: string; email: string; mrn: string }) {
  await page.goto('/app/authorization/new')
  await page.getByLabel('Patient name').fill(request.name)
  await page.getByLabel('Medical record number (MRN)').fill(request.mrn)
  await page.getByLabel('Email', { exact: true }).check()
  await page.getByLabel('Patient email').fill(request.email)
  await page.getByRole('button', { name: 'Send Authorization Request' }).click()
  await expect(page.getByText(`Authorization request sent to ${request.name}`)).toBeVisible()
}

async function openMyRequests(page: Page) {
  await page.goto('/app/authorization/new')
  await page.getByRole('tab', { name: /My Requests/ }).click()
}

test('the patient opens their access page from the receipt, stops sharing, and the requester sees it revoked', async ({
  browser,
  page,
}) => {
  const who = beneficiary(6)
  const email = 'patient.access@example.com'
  await signInAs(page, 'PHYSICIAN_USER')
  await createEmailRequest(page, { name: who.fullName, email, mrn: 'E2E-MRN-ACCESS-6' })

  const context = await browser.newContext({ viewport: PHONE })
  const patient = await context.newPage()
  await patient.goto(await latestOutboxLink(page, email, '/consent/'))
  await patient.getByRole('button', { name: 'Connect with Medicare' }).click()
  await consentAtMedicare(patient, who, 'Allow')
  await expect(patient).toHaveURL(/\/consent\/complete\?result=authorized/)

  // The receipt carries the patient's own page.
  await patient.goto(await latestOutboxLink(page, email, '/consent/access/'))
  await expect(patient.getByRole('heading', { level: 1, name: 'Who has your Medicare data' })).toBeVisible()
  await expect(patient.getByText('Access ends')).toBeVisible()
  await expectNoAxeViolations(patient)
  await patient.getByRole('button', { name: 'Español' }).click()
  await expect(
    patient.getByRole('heading', { level: 1, name: 'Quién tiene sus datos de Medicare' }),
  ).toBeVisible()
  await expectNoAxeViolations(patient)
  await patient.getByRole('button', { name: 'English' }).click()

  await patient.getByRole('button', { name: 'Stop sharing' }).click()
  await expect(patient.getByRole('heading', { level: 1, name: /^Stop sharing with / })).toBeVisible()
  await expectNoAxeViolations(patient)
  await patient.getByRole('button', { name: 'Yes, stop sharing' }).click()
  await expect(patient.getByRole('heading', { level: 1, name: 'You stopped sharing' })).toBeVisible()
  await expect(patient.getByText('Access ended')).toBeVisible()
  await expect(patient.getByRole('button', { name: 'Stop sharing' })).toHaveCount(0)
  await expectNoAxeViolations(patient)

  // A link that was tampered with shows nothing but that it does not work.
  await patient.goto(`${new URL(patient.url()).pathname.slice(0, -3)}AAA`)
  await expect(patient.getByRole('heading', { level: 1, name: 'This link does not work' })).toBeVisible()
  await context.close()

  await openMyRequests(page)
  // Other journeys of this user may have filled the first page: ended requests come after the open ones.
  const card = page.getByRole('listitem').filter({ hasText: who.fullName }).first()
  const next = page
    .getByRole('navigation', { name: 'My Requests pages' })
    .getByRole('button', { name: 'Next' })
  for (let turned = 0; turned < 5 && !(await card.isVisible()); turned += 1) {
    if ((await next.count()) === 0 || (await next.isDisabled())) break
    await next.click()
  }
  await expect(card.getByText('Revoked').first()).toBeVisible({ timeout: 30_000 })
})

test('Clear My Requests asks first, offers Undo, and hidden requests come back from Show hidden', async ({
  page,
}) => {
  await signInAs(page, 'CLINICIAN')
  const name = 'Clara Clearwell'
  await createEmailRequest(page, { name, email: 'clara.clearwell@example.com', mrn: 'E2E-MRN-CLEAR-1' })
  await openMyRequests(page)
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()

  await page.getByRole('button', { name: 'Clear My Requests' }).click()
  const dialog = page.getByRole('dialog', { name: /^Hide \d+ requests?\?$/ })
  await expect(dialog).toContainText('Approvals stay valid: hiding does not revoke anyone’s access.')
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: /^Hide \d+ requests?$/ }).click()
  await expect(page.getByRole('heading', { level: 3, name })).toHaveCount(0)
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()

  await page.getByRole('button', { name: 'Clear My Requests' }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Hide \d+ requests?$/ })
    .click()
  await expect(page.getByRole('heading', { level: 3, name })).toHaveCount(0)
  await page.reload()
  await page.getByRole('tab', { name: /My Requests/ }).click()
  await expect(page.getByRole('heading', { level: 3, name })).toHaveCount(0)
  await page.getByLabel('Show hidden').check()
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()
  await page.getByRole('button', { name: 'Show all again' }).click()
  await page.getByLabel('Show hidden').uncheck()
  await expect(page.getByRole('heading', { level: 3, name })).toBeVisible()
})
