import { expect, test } from '@playwright/test'
import { signInAs } from './fixtures.ts'

const OFFLINE = "You're offline. Changes will be saved locally and synced when you reconnect."

test('offline right after sign-in: the next pages still open, with the offline banner, and the connection comes back', async ({
  page,
  context,
}) => {
  await signInAs(page, 'ACO_USER')
  // The pages the role can reach are fetched in the background after sign-in.
  await page.waitForLoadState('networkidle')
  await context.setOffline(true)
  await expect(page.getByText(OFFLINE)).toBeVisible()

  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Patients' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible()
  await page.goBack()
  await page.evaluate(() => window.history.pushState({}, '', '/app/authorization-request-list'))
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')))
  await expect(page.getByRole('heading', { level: 1, name: 'Authorization Requests' })).toBeVisible()
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
  await expect(page.getByText(OFFLINE)).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByText('Connection restored')).toBeVisible()
})
