import type { SandboxClient } from '../options.ts'

export type FhirResourceType = 'Patient' | 'Coverage' | 'ExplanationOfBenefit'

const RESOURCES: readonly FhirResourceType[] = ['Patient', 'Coverage', 'ExplanationOfBenefit']
// v2 accepts the SMART v2 `.rs` form, the legacy `.read`, and the split `.r` / `.s`.
const SUFFIXES = ['rs', 'read', 'r', 's'] as const

export const scopesSupported = (demographics: boolean): string[] => [
  ...(demographics ? ['patient/Patient.rs', 'patient/Patient.read'] : []),
  'patient/Coverage.rs',
  'patient/Coverage.read',
  'patient/ExplanationOfBenefit.rs',
  'patient/ExplanationOfBenefit.read',
  ...(demographics ? ['profile'] : []),
  'openid',
  'launch/patient',
]

// What the client gets when it sends no scope: everything its registration allows.
export function defaultScopes(client: SandboxClient): string[] {
  return [
    ...(client.collectsDemographics ? ['patient/Patient.rs'] : []),
    'patient/Coverage.rs',
    'patient/ExplanationOfBenefit.rs',
    ...(client.collectsDemographics ? ['profile'] : []),
  ]
}

function registeredSet(client: SandboxClient): Set<string> {
  const resources = client.collectsDemographics ? RESOURCES : RESOURCES.filter((r) => r !== 'Patient')
  return new Set([
    ...resources.flatMap((r) => SUFFIXES.map((s) => `patient/${r}.${s}`)),
    ...(client.collectsDemographics ? ['profile'] : []),
    'openid',
    'launch/patient',
  ])
}

export function parseScope(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined
  return [...new Set(raw.split(/\s+/).filter(Boolean))]
}

export const allRegistered = (client: SandboxClient, scopes: readonly string[]): boolean => {
  const allowed = registeredSet(client)
  return scopes.every((s) => allowed.has(s))
}

export const isDemographic = (scope: string): boolean =>
  scope === 'profile' || scope.startsWith('patient/Patient.')

export const grantsResource = (scopes: readonly string[], resource: FhirResourceType): boolean =>
  SUFFIXES.some((s) => scopes.includes(`patient/${resource}.${s}`))

// A grant is usable only if it can read at least one FHIR resource.
export const hasUsableScope = (scopes: readonly string[]): boolean =>
  RESOURCES.some((r) => grantsResource(scopes, r))
