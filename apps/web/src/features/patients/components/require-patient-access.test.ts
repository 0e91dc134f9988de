import type { OrganizationType, Role } from '@blueconsent/contract/shared'
import { describe, expect, it } from 'vitest'
import { makeUser } from '@/testing/fixtures.ts'
import { passesPatientGuards } from './require-patient-access.tsx'

const inOrg = (role: Role, type: OrganizationType | null) =>
  passesPatientGuards(
    makeUser({ role, organization: type ? { id: 'o', name: 'Org', organization_type: type } : null }),
  )

describe('passesPatientGuards', () => {
  it('lets in the ACO, physician and agent roles in their own kind of organisation', () => {
    expect(inOrg('ACO_ADMIN', 'ACO')).toBe(true)
    expect(inOrg('ACO_USER', 'ACO')).toBe(true)
    expect(inOrg('PHYSICIAN_USER', 'PHYSICIAN_GROUP')).toBe(true)
    expect(inOrg('PHYSICIAN_ADMIN', 'FQHC')).toBe(true)
    expect(inOrg('CLINICIAN', 'FQHC')).toBe(true)
    expect(inOrg('AGENT_USER', 'INSURANCE_AGENCY')).toBe(true)
  })

  it('turns away a role in the wrong kind of organisation or in none', () => {
    expect(inOrg('ACO_USER', 'INSURANCE_AGENCY')).toBe(false)
    expect(inOrg('PHYSICIAN_USER', 'ACO')).toBe(false)
    expect(inOrg('AGENT_ADMIN', 'PHYSICIAN_GROUP')).toBe(false)
    expect(inOrg('ACO_USER', null)).toBe(false)
  })

  it('turns away every other role whatever the organisation', () => {
    for (const role of ['ADMIN', 'USER', 'PATIENT'] as const) {
      for (const type of ['ACO', 'PHYSICIAN_GROUP', 'INSURANCE_AGENCY', 'INDIVIDUAL'] as const)
        expect(inOrg(role, type), `${role} ${type}`).toBe(false)
    }
  })
})
