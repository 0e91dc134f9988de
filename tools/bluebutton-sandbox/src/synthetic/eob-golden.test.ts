// The synthetic claims are the sandbox's contract with every test and demo built on them: a refactor of
// the EOB builders must not change one byte. The digest covers every EOB of a spread of beneficiaries
// (all personas, both seeds in use); a deliberate change to the data updates it here, in its own commit.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createBeneficiaryRegistry } from './registry.ts'

const USERS = Array.from({ length: 120 }, (_, n) => `BBUser${String(n).padStart(5, '0')}`)

function digest(seed: string): { resources: number; sha256: string } {
  const registry = createBeneficiaryRegistry(seed)
  const hash = createHash('sha256')
  let resources = 0
  for (const username of USERS) {
    for (const eob of registry.findByUsername(username)?.eobs() ?? []) {
      hash.update(JSON.stringify(eob))
      resources += 1
    }
  }
  return { resources, sha256: hash.digest('hex') }
}

describe('synthetic EOBs', () => {
  it.each([
    [
      'blueconsent',
      { resources: 6840, sha256: '3d6b7ee8e2a71153a673c78cbaf9c243ee5a086830bab2bde9472efebd8322a7' },
    ],
    [
      'sandbox',
      { resources: 6868, sha256: 'b0cd1f28b78226a354501c910d05e48b8ba6501c6cfcab2674a7236c81bcc26f' },
    ],
  ])('are byte-identical for seed %s', (seed, expected) => {
    expect(digest(seed)).toEqual(expected)
  })
})
