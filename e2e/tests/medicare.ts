// The in-process Blue Button sandbox's synthetic beneficiaries, as a patient at Medicare would see them.
import { expect, type Page } from '@playwright/test'
import { createBeneficiaryRegistry } from '@blueconsent/bluebutton-sandbox'

const registry = createBeneficiaryRegistry('blueconsent')

export function beneficiary(number: number): { username: string; password: string; fullName: string } {
  const digits = String(number).padStart(5, '0')
  const username = `BBUser${digits}`
  const found = registry.findByUsername(username)
  if (!found) throw new Error(`no synthetic beneficiary ${username}`)
  return { username, password: `PW${digits}!`, fullName: `${found.name.given} ${found.name.family}` }
}

/** Signs in at the sandbox's Medicare login page and answers its consent page. */
export async function consentAtMedicare(
  page: Page,
  who: { username: string; password: string },
  answer: 'Allow' | 'Deny',
): Promise<void> {
  await page.getByLabel('Username').fill(who.username)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: answer })).toBeVisible()
  await page.getByRole('button', { name: answer }).click()
}
