import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, latestOutboxLink, signInAs } from './fixtures.ts'
import { beneficiary } from './medicare.ts'

const ROSA = beneficiary(0).fullName
// Asked for under the ACO's second TIN; the invitee below is limited to the first.
const OTHER_TIN_PATIENT = beneficiary(13).fullName

test('ACO admin invites a user limited to one TIN; the invitee accepts from the email, signs in, sees only that TIN, and is on the team and its seats', async ({
  browser,
  page,
}) => {
  const email = `ivy.${Date.now()}@example.org`
  await signInAs(page, 'ACO_ADMIN')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'User Invitations' })).toBeVisible()
  await page.getByRole('tab', { name: 'Invite User' }).click()
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Role').selectOption({ label: 'ACO User' })
  await page.getByRole('checkbox', { name: /Riverbend Primary Care/ }).check()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Send Invitation' }).click()
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible()
  const list = page.getByRole('table', { name: 'Invitations' })
  await expect(list.getByRole('row').filter({ hasText: email })).toContainText('Pending')
  await expectNoAxeViolations(page)

  const link = await latestOutboxLink(page, email, '/app/accept-invitation/')
  const context = await browser.newContext()
  const invitee = await context.newPage()
  await invitee.goto(link)
  await expect(
    invitee.getByRole('heading', { level: 1, name: 'Complete your account setup to join the platform' }),
  ).toBeVisible()
  await expect(invitee.getByText(email)).toBeVisible()
  await expectNoAxeViolations(invitee)
  await invitee.getByLabel('First name').fill('Ivy')
  await invitee.getByLabel('Last name').fill('Newman')
  await invitee.getByLabel('Password', { exact: true }).fill('Correct-Horse-9')
  await invitee.getByLabel('Confirm password', { exact: true }).fill('Correct-Horse-9')
  await invitee.getByRole('button', { name: 'Create account' }).click()
  // Signed in at once (they just chose the password) and on their home page.
  await expect(invitee).toHaveURL(/\/app\/care-management/)

  await invitee.goto('/app/authorization')
  const search = invitee.getByLabel('Name, MRN, Medicare ID, email or phone')
  await search.fill(ROSA)
  await expect(
    invitee.getByRole('region', { name: 'Find a patient' }).getByRole('button', { name: `Select ${ROSA}` }),
  ).toBeVisible()
  await search.fill(OTHER_TIN_PATIENT)
  await expect(invitee.getByText('No patients found matching your search criteria.')).toBeVisible()
  await context.close()

  // The link worked once.
  const again = await browser.newContext()
  const reused = await again.newPage()
  await reused.goto(link)
  await expect(reused.getByText('This invitation is invalid or has expired')).toBeVisible()
  await again.close()

  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(list.getByRole('row').filter({ hasText: email })).toContainText('Accepted')

  // One team: who joined through Team is on the Team page's member list and holds one of Billing's seats.
  await page.reload()
  const teamMember = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: email })
  await expect(teamMember).toContainText('Ivy Newman')
  await expect(teamMember).toContainText('Active')
  await expectNoAxeViolations(page)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Billing' }).click()
  const seats = page.getByRole('region', { name: 'Team members' })
  await expect(seats.getByRole('listitem').filter({ hasText: email })).toContainText('Ivy Newman')
  await expect(seats.getByRole('button', { name: 'Remove Ivy Newman' })).toBeVisible()
  await expectNoAxeViolations(page)

  // The new member, with the TIN they were given; the admin can deactivate them.
  await page.goto('/app/aco/members')
  const member = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: email })
  await expect(member).toContainText('Ivy Newman')
  await expect(member).toContainText('Riverbend Primary Care')
  await expectNoAxeViolations(page)
  await member.getByRole('button', { name: 'Deactivate Ivy Newman' }).click()
  await page
    .getByRole('dialog', { name: 'Deactivate member' })
    .getByRole('button', { name: 'Deactivate' })
    .click()
  await expect(member).toContainText('Deactivated')
})

test('ACO admin invites three colleagues at once', async ({ page }) => {
  const stamp = Date.now()
  const emails = [1, 2, 3].map((n) => `colleague${n}.${stamp}@example.org`)
  await signInAs(page, 'ACO_ADMIN')
  await page.goto('/app/invitations')
  await page.getByRole('tab', { name: 'Bulk Invite' }).click()
  await page.getByLabel(/Email addresses/).fill(`${emails[0]}\n${emails[1]}, ${emails[2]}`)
  await page.getByLabel('Role').selectOption({ label: 'ACO Administrator' })
  await expect(
    page.getByText('Administrators automatically receive access to all active Tins.'),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Send Invitations' }).click()
  await expect(page.getByText('Successfully sent 3 invitation(s)')).toBeVisible()
  for (const email of emails) await latestOutboxLink(page, email, '/app/accept-invitation/')
})
