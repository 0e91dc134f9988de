// The synthetic claims are the sandbox's contract with every test and demo built on them: a refactor of
// the EOB builders must not change one byte. The digests cover every EOB the builders make for every
// persona (curated, generated, added and the benchmark beneficiary) under both seeds in use; a deliberate
// change to the data updates them here, in its own commit (`npx vitest run --project bluebutton-sandbox -u`
// rewrites __snapshots__/eob-digests.json).
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { listPersonas } from './personas.ts'
import { createBeneficiaryRegistry } from './registry.ts'

const SEEDS = ['blueconsent', 'sandbox'] as const
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

/** Per persona: how many EOBs, and the SHA-256 of their JSON in order, so a failure names who changed. */
function digestsByPersona(seed: string): Record<string, string> {
  const registry = createBeneficiaryRegistry(seed)
  const digests: Record<string, string> = {}
  for (const persona of listPersonas(seed)) {
    const username = `BBUser${String(persona.number).padStart(5, '0')}`
    const eobs = registry.findByUsername(username)?.eobs() ?? []
    const hash = createHash('sha256')
    for (const eob of eobs) hash.update(JSON.stringify(eob))
    digests[username] = `${eobs.length} ${hash.digest('hex')}`
  }
  return digests
}

// Generating every persona's claims for both seeds takes seconds of CPU; on a busy machine that can pass the
// default 5 s limit, which is about speed (measured by the benchmarks), not about these bytes.
describe('synthetic EOBs', { timeout: 60_000 }, () => {
  it.each([
    [
      'blueconsent',
      { resources: 6936, sha256: '7a05782d67dcd7b94c0e99627f5136e9368ab49741e01dfb8d4e375ca93ff103' },
    ],
    [
      'sandbox',
      { resources: 6964, sha256: '74cbb8f12c8909e97435fa22e2eeaa078ad49a0871cc7e1ed203b8900100f4c9' },
    ],
  ])('are byte-identical for seed %s', (seed, expected) => {
    expect(digest(seed)).toEqual(expected)
  })

  it('are byte-identical for every persona of both seeds', async () => {
    const digests = Object.fromEntries(SEEDS.map((seed) => [seed, digestsByPersona(seed)]))
    await expect(`${JSON.stringify(digests, null, 2)}\n`).toMatchFileSnapshot(
      './__snapshots__/eob-digests.json',
    )
  })
})
