// A user's preferences live in this browser (the theme under `theme`, the email switches under
// `preferences`) and on their account, so they follow them to another device and the server can honour the
// email switches. After sign-in the account's copy wins; a change is written to both.
import { STORAGE_KEYS, type Theme } from '@blueconsent/contract/constants'
import { callEndpointUnparsed } from './endpoints.ts'
import { readStored, writeStored } from './storage.ts'
import { isTheme, setTheme } from './theme.ts'

export type EmailPreferences = { emailBilling: boolean; emailSystem: boolean; emailSecurity: boolean }
export type AccountPreferences = {
  theme: Theme | null
  email_billing: boolean
  email_system: boolean
  email_security: boolean
}

export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  emailBilling: true,
  emailSystem: true,
  emailSecurity: true,
}

export function readEmailPreferences(): EmailPreferences {
  try {
    const stored = JSON.parse(readStored(STORAGE_KEYS.preferences) ?? '{}') as Partial<EmailPreferences>
    return {
      emailBilling: stored.emailBilling !== false,
      emailSystem: stored.emailSystem !== false,
      emailSecurity: stored.emailSecurity !== false,
    }
  } catch {
    return DEFAULT_EMAIL_PREFERENCES
  }
}

export function writeEmailPreferences(preferences: EmailPreferences): void {
  writeStored(STORAGE_KEYS.preferences, JSON.stringify(preferences))
}

export const toEmailPreferences = (account: AccountPreferences): EmailPreferences => ({
  emailBilling: account.email_billing,
  emailSystem: account.email_system,
  emailSecurity: account.email_security,
})

/** Makes this browser follow the account: its theme (when one was chosen) and its email switches. */
export function applyAccountPreferences(account: AccountPreferences): void {
  if (isTheme(account.theme)) setTheme(account.theme)
  writeEmailPreferences(toEmailPreferences(account))
}

export const fetchAccountPreferences = (): Promise<AccountPreferences> =>
  callEndpointUnparsed('account.preferences') as Promise<AccountPreferences>

export const saveAccountPreferences = (change: Partial<AccountPreferences>): Promise<AccountPreferences> =>
  callEndpointUnparsed('account.updatePreferences', { body: change }) as Promise<AccountPreferences>

/** After sign-in: a failure keeps this browser's own choices, which is what the user saw a moment ago. */
export async function loadAccountPreferences(): Promise<void> {
  try {
    applyAccountPreferences(await fetchAccountPreferences())
  } catch {
    // Offline or refused: the local copy stands until the next sign-in.
  }
}
