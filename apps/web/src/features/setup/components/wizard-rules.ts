// The wizard's small rules, kept apart from the screens so they can be tested alone: which field errors show
// (only once a field was left or the step was submitted), and what an NPI lookup may fill in.
import type { SetupState } from '@blueconsent/contract/setup'

/**
 * The errors to show: a field's only after the user has left it, every one after they tried to go on. An
 * empty form therefore opens without a wall of red.
 */
export function visibleErrors(
  errors: Record<string, string>,
  touched: ReadonlySet<string>,
  submitted: boolean,
): Record<string, string> {
  if (submitted) return errors
  return Object.fromEntries(Object.entries(errors).filter(([key]) => touched.has(key)))
}

export type NpiLookupAnswer = { name: string | null; organization_name: string | null }

/**
 * What an NPI lookup fills in: the organisation's name from the registry when the field is empty, and the
 * display name — what patients see in consent requests — only from the organisation's name, never from a
 * prescriber's personal name. Nothing the user already entered is replaced.
 */
export function fillFromNpiLookup(
  npiData: SetupState['npiData'],
  found: NpiLookupAnswer,
): { npiData: SetupState['npiData']; message: string } {
  const registered = found.organization_name?.trim() ?? ''
  const organization_name = npiData.organization_name.trim() ? npiData.organization_name : registered
  const display_name = npiData.display_name.trim() ? npiData.display_name : organization_name.trim()
  const message = registered
    ? `Found in the NPI registry: ${registered}`
    : `Found in the NPI registry: ${found.name?.trim() || 'an individual provider'}, an individual provider. Patients see your organization’s name, not a personal name.`
  return { npiData: { ...npiData, organization_name, display_name }, message }
}

/** Marks the field a focus left: the nearest element with data-touch names it. */
export function touchedKey(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null
  return target.closest('[data-touch]')?.getAttribute('data-touch') ?? null
}
