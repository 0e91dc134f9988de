import { generateEobs } from './claims.ts'
import { coverageResources } from './coverage-resource.ts'
import type { FhirResource } from './fhir.ts'
import { FIXTURE_USERS } from './fixture-beneficiaries.ts'
import { DATA_ANCHOR, identityFor } from './identity.ts'
import { patientResource } from './patient-resource.ts'
import { personaFor } from './personas.ts'
import { createRng } from './rng.ts'

export type Beneficiary = {
  readonly username: string
  readonly patientId: string
  readonly name: { readonly given: string; readonly family: string }
  readonly email: string
  readonly patient: FhirResource
  readonly coverage: readonly FhirResource[]
  // Claims are the expensive part (1,500+ for the benchmark user), so they are built on first use.
  readonly eobs: () => readonly FhirResource[]
}

export type BeneficiaryRegistry = {
  readonly findByUsername: (username: string) => Beneficiary | undefined
  readonly findByPatientId: (patientId: string) => Beneficiary | undefined
}

const USERNAME = /^BBUser(\d{5})$/

export function userNumber(username: string): number | undefined {
  const match = USERNAME.exec(username)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

function memo<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

function nameOf(patient: FhirResource): { given: string; family: string } {
  const names = patient['name'] as { given?: string[]; family?: string }[] | undefined
  return { given: names?.[0]?.given?.[0] ?? '', family: names?.[0]?.family ?? '' }
}

function build(username: string, number: number, seed: string): Beneficiary | undefined {
  const fixture = FIXTURE_USERS[number]
  if (fixture) {
    const data = fixture.load()
    return {
      username,
      patientId: data.patientId,
      name: nameOf(data.patient),
      email: '',
      patient: data.patient,
      coverage: data.coverage,
      eobs: () => data.eobs,
    }
  }
  const persona = personaFor(number, seed)
  if (!persona) return undefined
  const identity = identityFor(username, persona, createRng(`${seed}:identity:${number}`))
  const lastUpdated = `${DATA_ANCHOR}T12:00:00.000+00:00`
  return {
    username,
    patientId: identity.patientId,
    name: { given: identity.given[0] ?? '', family: identity.family },
    email: identity.email,
    patient: patientResource(identity, persona, lastUpdated),
    coverage: coverageResources(identity, persona, lastUpdated),
    eobs: memo(() => generateEobs(persona, identity.patientId, seed)),
  }
}

// Beneficiaries are built on demand and cached, so start-up costs nothing.
export function createBeneficiaryRegistry(seed: string): BeneficiaryRegistry {
  const byUsername = new Map<string, Beneficiary | undefined>()
  const byPatientId = new Map<string, Beneficiary>()
  const findByUsername = (username: string): Beneficiary | undefined => {
    if (byUsername.has(username)) return byUsername.get(username)
    const number = userNumber(username)
    const beneficiary = number === undefined ? undefined : build(username, number, seed)
    byUsername.set(username, beneficiary)
    if (beneficiary) byPatientId.set(beneficiary.patientId, beneficiary)
    return beneficiary
  }
  return { findByUsername, findByPatientId: (patientId) => byPatientId.get(patientId) }
}
