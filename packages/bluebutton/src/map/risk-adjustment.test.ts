// Type-level proof that a mapped claim feeds the risk engine (packages/hcc) without importing it.
import { describe, expect, expectTypeOf, it } from 'vitest'
import { loadFixture } from '../../test/fixtures.ts'
import { mapClaim } from './claim.ts'
import type { ClaimRecord } from './types.ts'

// Declared locally, exactly as packages/hcc states its structural input.
interface RiskAdjustmentClaim {
  id: string
  claimType: 'CARRIER' | 'DME' | 'HHA' | 'HOSPICE' | 'INPATIENT' | 'OUTPATIENT' | 'SNF' | 'PDE'
  typeOfBill: string | null
  billablePeriod: { start: string | null; end: string | null }
  diagnoses: Array<{ code: string; system: 'icd10' | 'icd9' | 'other'; roles: string[] }>
  lines: Array<{
    hcpcs: string | null
    modifiers: string[]
    serviceStart: string | null
    serviceEnd: string | null
  }>
}

function acceptsRiskAdjustmentClaims(claims: readonly RiskAdjustmentClaim[]): number {
  return claims.length
}

describe('ClaimRecord → RiskAdjustmentClaim', () => {
  it('is assignable at the type level', () => {
    expectTypeOf<ClaimRecord>().toExtend<RiskAdjustmentClaim>()
    expectTypeOf<ClaimRecord[]>().toExtend<readonly RiskAdjustmentClaim[]>()
  })

  it('passes a mapped claim where the interface is expected', () => {
    const { record } = mapClaim(loadFixture('bfd-eob-read-inpatient.json'))
    const claims: ClaimRecord[] = record ? [record] : []
    expect(acceptsRiskAdjustmentClaims(claims)).toBe(1)
  })
})
