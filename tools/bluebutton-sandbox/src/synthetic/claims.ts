import { makeContext } from './claim-context.ts'
import { carrierClaim, dmeClaim } from './claims-professional.ts'
import { institutionalClaim } from './claims-institutional.ts'
import { pdeClaims } from './claims-pde.ts'
import { CLAIM_TYPES, type ClaimType } from './eob-common.ts'
import type { FhirResource } from './fhir.ts'
import type { Persona } from './personas.ts'

const typeRank = (eob: FhirResource): number =>
  CLAIM_TYPES.indexOf(eob.id.slice(0, eob.id.indexOf('-')) as ClaimType)

// All EOBs of one persona, in Blue Button's order (by claim type, then claim id).
export function generateEobs(persona: Persona, patientId: string, seed: string): FhirResource[] {
  const ctx = makeContext(persona, patientId, seed)
  const v = persona.volume
  const times = (n: number, make: () => FhirResource): FhirResource[] => Array.from({ length: n }, make)
  const eobs = [
    ...times(v.carrier, () => carrierClaim(ctx)),
    ...times(v.dme, () => dmeClaim(ctx)),
    ...times(v.outpatient, () => institutionalClaim(ctx, 'outpatient')),
    ...times(v.inpatient, () => institutionalClaim(ctx, 'inpatient')),
    ...times(v.snf, () => institutionalClaim(ctx, 'snf')),
    ...times(v.hha, () => institutionalClaim(ctx, 'hha')),
    ...times(v.hospice, () => institutionalClaim(ctx, 'hospice')),
    ...(persona.partD ? pdeClaims(ctx, v.pde) : []),
  ]
  return eobs.sort((a, b) => typeRank(a) - typeRank(b))
}
