import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, signInAs } from './fixtures.ts'

// A phone's width (iPhone 12 to 15): every page fits it without sideways scrolling.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

/** Nothing wider than the screen: a page that scrolls sideways hides its status and actions. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = Number(await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'))
  expect(overflow).toBeLessThanOrEqual(0)
}

test('phone: the ACO admin reads requests as cards, and the Patients page and a record fit the screen', async ({
  page,
}) => {
  await signInAs(page, 'ACO_ADMIN')
  await page.goto('/app/authorization-request-list')
  const cards = page.getByRole('list', { name: 'Authorization requests' })
  await expect(cards.getByRole('listitem').first()).toBeVisible()
  await expect(page.getByRole('table', { name: 'Authorization requests' })).toHaveCount(0)
  // Each card shows its status on screen with the patient's name.
  const first = cards.getByRole('listitem').first()
  await expect(first.getByText('Contact')).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectNoAxeViolations(page)

  await page.goto('/app/authorization')
  const patients = page.getByRole('list', { name: 'Your patients' })
  await expect(patients).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectNoAxeViolations(page)

  // The newest patient's record: the summary first, then the sections.
  await patients
    .getByRole('button', { name: /^Select / })
    .first()
    .click()
  await page.getByRole('link', { name: 'View full record' }).click()
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible()
  await expect(page.getByRole('tablist', { name: 'Patient data' })).toBeVisible()
  await expectNoSidewaysScroll(page)
  await expectNoAxeViolations(page)
})
