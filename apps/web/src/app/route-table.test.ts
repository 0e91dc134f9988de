import {
  ACO_ROLES,
  ADMIN_ROLES,
  AGENT_ROLES,
  ORGANIZATION_TYPES_FOR_ROLE,
  ORGANIZATION_TYPES,
  PHYSICIAN_ROLES,
  PROVIDER_ROLES,
} from '@blueconsent/contract/shared'
import { describe, expect, it } from 'vitest'
import { ROLE_PAGES } from '../features/shell/components/nav-items.ts'
import { paths } from './paths.ts'
import {
  ACO_GUARD,
  AGENT_GUARD,
  INTEGRATIONS_GUARD,
  INVITATIONS_GUARD,
  PHYSICIAN_GUARD,
  PROVIDER_GUARD,
} from './route-table.tsx'

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
    expect(PROVIDER_GUARD.roles).toEqual(PROVIDER_ROLES)
    expect(new Set(PROVIDER_GUARD.organizationTypes)).toEqual(
      new Set(PROVIDER_ROLES.flatMap((role) => ORGANIZATION_TYPES_FOR_ROLE[role] ?? [])),
    )
    expect(INVITATIONS_GUARD.roles).toEqual(ADMIN_ROLES)
    expect(INTEGRATIONS_GUARD.roles).toEqual(ADMIN_ROLES)
  })
})

describe('the account menu’s role pages', () => {
  it('offer each role-family page to exactly the roles and organisation types its route guard lets in', () => {
    const guardOf: Record<string, typeof ACO_GUARD> = {
      [paths.acoMembers]: ACO_GUARD,
      [paths.acoReports]: ACO_GUARD,
      [paths.physicianAppointments]: PHYSICIAN_GUARD,
      [paths.agentClients]: AGENT_GUARD,
      [paths.agentQuotes]: AGENT_GUARD,
      [paths.agentPolicies]: AGENT_GUARD,
      [paths.integrations]: INTEGRATIONS_GUARD,
    }
    expect(ROLE_PAGES.map((page) => page.to).sort()).toEqual(Object.keys(guardOf).sort())
    for (const page of ROLE_PAGES) {
      expect(page.roles, page.label).toEqual(guardOf[page.to]?.roles)
      // A guard without organisation types lets every organisation in.
      expect(page.organizationTypes, page.label).toEqual(
        guardOf[page.to]?.organizationTypes ?? ORGANIZATION_TYPES,
      )
    }
  })
})
