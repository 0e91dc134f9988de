// Admin content (issue 16): the support inbox and the reference data pages, as an administrator uses them.
import { expect, test, type Browser, type Page } from '@playwright/test'
import { clientAddress, demoUser, expectNoAxeViolations, signInAs } from './fixtures.ts'

type OutboxEntry = { to: string; subject: string | null; body_text: string }

/** The newest outbox message to an address whose text contains `needle` (dev outbox, demo mode). */
async function outboxMessage(page: Page, to: string, needle: string): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/dev/outbox/')
      const body = (await response.json()) as { results: OutboxEntry[] }
      found = body.results.find((message) => message.to === to && message.body_text.includes(needle))
      return found ?? null
    })
    .not.toBeNull()
  return found as OutboxEntry
}

/** Every page load starts in this theme (stored under `theme`, as the theme picker stores it). */
const useTheme = (page: Page, theme: string) =>
  page.addInitScript(`window.localStorage.setItem('theme', ${JSON.stringify(theme)})`)

/** axe on each page in light and dark, as the platform admin. */
async function expectAccessibleInBothThemes(
  browser: Browser,
  paths: string[],
  ready: (page: Page) => Promise<void>,
) {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await useTheme(page, theme)
    await signInAs(page, 'ADMIN')
    for (const path of paths) {
      await page.goto(path)
      await ready(page)
      await expectNoAxeViolations(page)
    }
    await context.close()
  }
}

test('support inbox: a user writes, the platform admin takes the request and replies by email', async ({
  page,
  browser,
}) => {
  // The sender, in a browser of their own.
  const theirs = await browser.newContext({ extraHTTPHeaders: clientAddress(61) })
  const theirPage = await theirs.newPage()
  const sender = await signInAs(theirPage, 'ACO_USER')
  const subject = `Inbox journey ${Date.now()}`
  await theirPage.goto('/app/support')
  await theirPage.getByRole('textbox', { name: 'Subject' }).fill(subject)
  await theirPage
    .getByRole('textbox', { name: 'Message' })
    .fill('The export of a patient record stops at 50 percent every time.')
  await theirPage.getByRole('button', { name: 'Submit Support Request' }).click()
  const success = theirPage
    .getByRole('status')
    .filter({ hasText: 'Your support request has been submitted successfully.' })
  await expect(success).toBeVisible()
  const reference = /SR-[A-Z0-9]{8}/.exec((await success.textContent()) ?? '')?.[0] ?? ''
  expect(reference).not.toBe('')
  await theirs.close()

  // The admin dashboard's waiting count leads to the inbox filtered to new requests.
  await signInAs(page, 'ADMIN')
  await page.goto('/app/admin')
  await page.getByRole('link', { name: 'Support requests waiting' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Support Inbox' })).toBeVisible()
  await expect(page).toHaveURL(/\/app\/admin\/support\?status=new$/)
  await expect(page.getByLabel('Status')).toHaveValue('new')
  const row = page
    .getByRole('table', { name: 'Support requests' })
    .getByRole('row')
    .filter({ hasText: subject })
  await expect(row).toContainText(reference)
  await expect(row).toContainText(sender.email)
  await expect(row).toContainText('New')
  await row.getByRole('link', { name: reference }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Support Request' })).toBeVisible()
  const detailPath = new URL(page.url()).pathname
  await expect(page.getByText('The export of a patient record stops at 50 percent every time.')).toBeVisible()
  await page.getByRole('button', { name: 'Assign to me' }).click()
  await expect(page.getByText('The request is assigned to you.')).toBeVisible()
  const admin = demoUser('ADMIN')
  await expect(page.getByText(`Currently: ${admin.firstName} ${admin.lastName}`)).toBeVisible()

  const answer = `Thanks for writing (${reference}): please try the export again now.`
  await page.getByLabel('Your reply').fill(answer)
  await page.getByRole('button', { name: 'Send reply' }).click()
  await expect(page.getByText('Your reply was emailed to the sender.')).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: answer })).toBeVisible()

  const email = await outboxMessage(page, sender.email, answer)
  expect(email.subject).toBe(`Re: your support request ${reference}`)

  // Listed as answered and assigned to the admin.
  await page.goto('/app/admin/support?assignee=me')
  const mine = page
    .getByRole('table', { name: 'Support requests' })
    .getByRole('row')
    .filter({ hasText: subject })
  await expect(mine).toContainText('Answered')

  await expectAccessibleInBothThemes(browser, ['/app/admin/support', detailPath], async (themed) => {
    await expect(themed.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(themed.getByText('Loading', { exact: false })).toHaveCount(0)
  })
})
