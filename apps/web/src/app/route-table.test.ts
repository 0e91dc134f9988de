import {
  ACO_ROLES,
  ADMIN_ROLES,
  AGENT_ROLES,
  ORGANIZATION_TYPES_FOR_ROLE,
  PHYSICIAN_ROLES,
} from '@blueconsent/contract/shared'
import { describe, expect, it } from 'vitest'
import { ACO_GUARD, AGENT_GUARD, INVITATIONS_GUARD, PHYSICIAN_GUARD } from './route-table.tsx'

describe('route guards written as literals', () => {
  it('name the contract’s role families and the organisation types each works in', () => {
    for (const [guard, roles] of [
      [ACO_GUARD, ACO_ROLES],
      [PHYSICIAN_GUARD, PHYSICIAN_ROLES],
      [AGENT_GUARD, AGENT_ROLES],
    ] as const) {
      expect(guard.roles).toEqual(roles)
      for (const role of roles) expect(guard.organizationTypes).toEqual(ORGANIZATION_TYPES_FOR_ROLE[role])
    }
    expect(INVITATIONS_GUARD.roles).toEqual(ADMIN_ROLES)
  })
})
