// Admin content: the support inbox and the reference data pages, as an administrator uses them.
import { expect, test, type Browser, type Page } from '@playwright/test'
import {
  clientAddress,
  demoUser,
  expectNoAxeViolations,
  outboxMessage,
  signInAs,
  useTheme,
} from './fixtures.ts'

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

test('reference data: tables, a template previewed in English and Spanish, edited, then restored', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'ADMIN')
  await page.goto('/app/admin')
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reference Data' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reference Data Management' })).toBeVisible()
  const plans = page.getByRole('table', { name: 'Health plans' })
  await expect(plans.getByRole('row').filter({ hasText: 'Medicare Blue Button' })).toContainText('medicare')
  await expect(page.getByRole('table', { name: 'CMS-HCC payment years' }).getByRole('row')).toHaveCount(4)

  // The preview fills the sample values in, in both languages.
  const card = page.getByRole('article', { name: 'Consent request email' })
  const english = card.getByRole('figure').filter({ hasText: /English preview/ })
  const spanish = card.getByRole('figure').filter({ hasText: /Spanish preview/ })
  await expect(english).toContainText(
    'Casey Morgan at Riverbend Accountable Care asks to see your Medicare data',
  )
  await expect(english).toContainText('Open this link to answer: https://portal.blueconsent.app/consent/')
  await expect(spanish).toContainText(
    'Casey Morgan de Riverbend Accountable Care pide ver sus datos de Medicare',
  )
  await expect(spanish).toContainText('Abra este enlace para responder:')

  // The Spanish consent email is edited (no other journey reads it), then the built-in copy restored.
  await card.getByRole('button', { name: 'Versions of the Spanish consent request email' }).click()
  const editor = page.getByRole('region', { name: 'Consent request email (Spanish)' })
  const subject = editor.getByLabel('Subject')
  const original = await subject.inputValue()
  const stamp = Date.now()
  const marker = `Solicitud ${stamp}: {{requester}}`
  await subject.fill(marker)
  await editor.getByRole('button', { name: 'Save as new version' }).click()
  await expect(page.getByText('The template was saved. New messages use it from now on.')).toBeVisible()
  const history = editor.getByRole('region', { name: 'Version history' })
  const newest = history.getByRole('listitem').first()
  await expect(newest).toContainText('in use')
  await expect(newest).toContainText(`Subject: ${marker}`)
  const savedVersion = Number(/Version (\d+)/.exec((await newest.textContent()) ?? '')?.[1])
  expect(savedVersion).toBeGreaterThan(0)
  await expect(spanish).toContainText(`Solicitud ${stamp}: Casey Morgan de Riverbend`)

  // Dropping the link is refused with the reason.
  await editor.getByLabel('Message text').fill('{{requester}} le escribe.')
  await editor.getByRole('button', { name: 'Save as new version' }).click()
  await expect(
    editor.getByText('The template must keep the {{link}} placeholder', { exact: false }),
  ).toBeVisible()

  await history.getByRole('button', { name: `Restore version ${savedVersion - 1}` }).click()
  await expect(page.getByText('The older version was restored as a new version.')).toBeVisible()
  await expect(history.getByRole('listitem').first()).toContainText(`Version ${savedVersion + 1}`)
  await expect(editor.getByLabel('Subject')).toHaveValue(original)
  await expect(spanish).toContainText(
    'Casey Morgan de Riverbend Accountable Care pide ver sus datos de Medicare',
  )

  await expectAccessibleInBothThemes(browser, ['/app/admin/reference-data'], async (themed) => {
    await expect(themed.getByRole('article', { name: 'Consent request email' })).toBeVisible()
    await themed.getByRole('button', { name: 'Versions of the English consent link text' }).click()
    await expect(themed.getByRole('heading', { name: 'Version history' })).toBeVisible()
  })
})
