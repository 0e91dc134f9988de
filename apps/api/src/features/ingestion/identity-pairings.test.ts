// The README's pairings of sandbox logins with the name and birth date Medicare holds must stay true: each
// "approved" row passes the identity check, and the row documented as held fails it.
import { readFileSync } from 'node:fs'
import { createBeneficiaryRegistry } from '@blueconsent/bluebutton-sandbox'
import { describe, expect, it } from 'vitest'
import { checkIdentity } from './identity.ts'

const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8')
const registry = createBeneficiaryRegistry('blueconsent')
const rows = [
  ...readme.matchAll(
    /^\| ([^|]+?) +\| (\d{4}-\d{2}-\d{2}) +\| `(BBUser\d{5})` \/ `PW\d{5}!` \| ([^|]+?) +\|$/gm,
  ),
]

describe('the README pairs sandbox logins with the identities Medicare holds', () => {
  it('lists approved pairings and one held on purpose', () => {
    expect(rows.filter((row) => row[4]?.startsWith('approved')).length).toBeGreaterThanOrEqual(3)
    expect(rows.filter((row) => row[4]?.startsWith('held')).length).toBe(1)
  })

  it.each(rows.map((row) => [row[3], row[1], row[2], row[4]] as const))(
    '%s signing in for %s (%s): %s',
    (username, name, birthDate, outcome) => {
      const beneficiary = registry.findByUsername(username ?? '')
      expect(beneficiary).toBeDefined()
      const check = checkIdentity({
        requestedName: name ?? '',
        requestedBirthDate: birthDate ?? null,
        beneficiaryFamilyName: beneficiary?.name.family ?? null,
        beneficiaryBirthDate: (beneficiary?.patient['birthDate'] as string | undefined) ?? null,
      })
      expect(check.match).toBe(outcome?.startsWith('approved'))
    },
  )
})
