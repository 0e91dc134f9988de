// Is the Medicare beneficiary who consented the patient the request was for? Blue Button identifies the
// person who logged in; the staff typed a name and, when they had it, a birth date. A mismatch is held for
// a person to review, never merged silently.

export type IdentityInput = {
  /** The name the requester typed ("Jane Q. Doe" or "Doe, Jane"). */
  requestedName: string
  /** The birth date typed on the request, else the one already on file for the patient; null: unknown. */
  requestedBirthDate: string | null
  beneficiaryFamilyName: string | null
  beneficiaryBirthDate: string | null
}

export type IdentityMismatch = 'family_name' | 'birth_date' | 'name_withheld'
export type IdentityCheck = { match: boolean; reasons: IdentityMismatch[] }

/** What differs, in the words the reviewer's screen uses (a withheld name cannot be compared: it differs). */
export type IdentityDifference = 'name' | 'birth_date'

export function differencesOf(reasons: readonly IdentityMismatch[]): IdentityDifference[] {
  const differences = new Set<IdentityDifference>()
  for (const reason of reasons) differences.add(reason === 'birth_date' ? 'birth_date' : 'name')
  return [...differences]
}

/** Lower case, accents and punctuation removed, split into words. */
export function nameTokens(value: string): string[] {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z\s-]/g, ' ')
    .split(/[\s-]+/)
    .filter((token) => token.length > 0)
}

export function checkIdentity(input: IdentityInput): IdentityCheck {
  const reasons: IdentityCheck['reasons'] = []
  const family = nameTokens(input.beneficiaryFamilyName ?? '')
  const requested = new Set(nameTokens(input.requestedName))
  // No name from Medicare (the patient withheld demographics): nothing proves it is the right person.
  if (family.length === 0) reasons.push('name_withheld')
  // Every word of the Medicare family name must appear in the typed name (compound surnames, any order).
  else if (!family.every((token) => requested.has(token))) reasons.push('family_name')
  if (
    input.requestedBirthDate &&
    input.beneficiaryBirthDate &&
    input.requestedBirthDate !== input.beneficiaryBirthDate
  ) {
    reasons.push('birth_date')
  }
  return { match: reasons.length === 0, reasons }
}
