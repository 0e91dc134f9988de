export { bluebuttonSandbox } from './plugin.ts'
export { buildSandboxApp } from './app.ts'
export {
  defaultSandboxClients,
  resolveOptions,
  type DataAccessType,
  type SandboxClient,
  type SandboxOptions,
  type SandboxOptionsInput,
} from './options.ts'
export { type Fault, type FaultInput, faultSchema } from './faults/faults.ts'
export {
  listPersonas,
  personaFor,
  BENCHMARK_USER,
  SUSPECT_CONDITIONS_USER,
  type Persona,
} from './synthetic/personas.ts'
export { createBeneficiaryRegistry, type Beneficiary } from './synthetic/registry.ts'
export { FIXTURE_USERS } from './synthetic/fixture-beneficiaries.ts'
export {
  simulateBeneficiaryConsent,
  type ConsentChoice,
  type ConsentOutcome,
} from './testing/simulate-consent.ts'
