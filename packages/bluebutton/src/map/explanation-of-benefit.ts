// One entry point for every EOB in a page: Part D events become medications, the rest claims.
import { mapClaim } from './claim.ts'
import { readEobType } from './eob-common.ts'
import { asObject } from './json.ts'
import { mapMedication } from './medication.ts'
import type { MappedExplanationOfBenefit } from './types.ts'

export function mapExplanationOfBenefit(input: unknown): MappedExplanationOfBenefit {
  const resource = asObject(input)
  if (resource && resource.resourceType === 'ExplanationOfBenefit' && readEobType(resource) === 'PDE') {
    const { record, issues } = mapMedication(resource)
    return record ? { kind: 'medication', record, issues } : { kind: 'unmapped', record: null, issues }
  }
  const { record, issues } = mapClaim(input)
  return record ? { kind: 'claim', record, issues } : { kind: 'unmapped', record: null, issues }
}
