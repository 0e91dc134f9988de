import { expect, test } from '@playwright/test'
import type { PatientList } from '@blueconsent/contract/patients'
import { DEMO_PASSWORD, apiAs, demoUser, expectNoAxeViolations, fillLogin, signInAs } from './fixtures.ts'
import { beneficiary } from './medicare.ts'

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
  // An in-app navigation (no page load, which offline would fail): the router follows history changes.
  await page.evaluate(
    "history.pushState({}, '', '/app/authorization-request-list'); dispatchEvent(new PopStateEvent('popstate'))",
  )
  await expect(page.getByRole('heading', { level: 1, name: 'Authorization Requests' })).toBeVisible()
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
  await expect(page.getByText(OFFLINE)).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByText('Connection restored')).toBeVisible()
})

test('offline the moment after sign-in, before any page code arrived: the shell and its banner stay, the page says it could not load', async ({
  page,
  context,
}) => {
  const user = demoUser('ACO_USER')
  await page.goto('/app/login')
  await fillLogin(page, user.email, DEMO_PASSWORD)
  await page.waitForLoadState('networkidle')
  // The connection drops the moment the sign-in answer arrives: no page code fetched after it gets here.
  await page.route('**/api/jwt/login/', async (route) => {
    const response = await route.fetch()
    await page.route('**/assets/**', (asset) => asset.abort('internetdisconnected'))
    await route.fulfill({ response })
  })
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).not.toHaveURL(/\/app\/login/)
  await context.setOffline(true)

  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByText(OFFLINE)).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible()
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
})

test('a note written offline waits on the device, survives closing the page, and is sent on reconnect', async ({
  browser,
  playwright,
}) => {
  const api = await apiAs(playwright.request, 'PHYSICIAN_USER')
  const name = beneficiary(10).fullName
  const found = await api.get<PatientList>(`/api/patients/?search=${encodeURIComponent(name)}`)
  await api.dispose()
  const patient = found.results.find((candidate) => candidate.full_name === name)
  if (!patient) throw new Error(`no patient ${name} for the physician`)
  const text = `Offline note ${Date.now()}`

  const context = await browser.newContext()
  const page = await context.newPage()
  await signInAs(page, 'PHYSICIAN_USER')
  await page.goto(`/app/patient/${patient.id}#notes`)
  const notes = page.getByRole('region', { name: 'Notes' })
  await expect(notes.getByLabel('New note')).toBeVisible()
  await context.setOffline(true)
  await notes.getByLabel('New note').fill(text)
  await notes.getByRole('button', { name: 'Add note' }).click()
  await expect(notes.getByRole('list', { name: 'Changes waiting to be sent' })).toContainText(text)
  await expectNoAxeViolations(page)

  // The tab is closed before the connection returns; the next visit sends the note.
  await page.close()
  await context.setOffline(false)
  const later = await context.newPage()
  await later.goto(`/app/patient/${patient.id}#notes`)
  const laterNotes = later.getByRole('region', { name: 'Notes' })
  await expect(laterNotes.getByRole('listitem').filter({ hasText: text })).toHaveCount(1)
  await expect(laterNotes.getByRole('list', { name: 'Changes waiting to be sent' })).toHaveCount(0)
  await context.close()
})
