import { describe, expect, it } from 'vitest'
import {
  ADMIN_ROLES,
  FEATURES_BY_ROLE,
  ROLES,
  ROLE_HOME,
  ROLE_LABELS,
  SETTINGS_ROLE_LABELS,
  displayOptionsFor,
  hasFeature,
  isProviderRole,
  permissionsFor,
  roleFitsOrganizationType,
  roleHome,
} from './access.ts'

describe('role homes', () => {
  it.each([
    ['ADMIN', '/app/admin-dashboard'],
    ['ACO_ADMIN', '/app/aco-dashboard'],
    ['ACO_USER', '/app/care-management'],
    ['PHYSICIAN_USER', '/app/physician-dashboard'],
    ['PHYSICIAN_ADMIN', '/app/physician-dashboard'],
    ['AGENT_USER', '/app/agent-dashboard'],
    ['AGENT_ADMIN', '/app/agent-dashboard'],
    ['USER', '/app/dashboard'],
    ['CLINICIAN', '/app/dashboard'],
    ['PATIENT', '/app/dashboard'],
  ] as const)('%s → %s', (role, home) => expect(ROLE_HOME[role]).toBe(home))
  it('falls back to the dashboard without a role', () => expect(roleHome(undefined)).toBe('/app/dashboard'))
})

describe('features by role', () => {
  it('gives ACO admins every feature including team', () => {
    expect(FEATURES_BY_ROLE.ACO_ADMIN).toEqual([
      'dashboard',
      'patient-search',
      'claim-details',
      'claim-export',
      'medication-management',
      'risk-scores',
      'cost-analysis',
      'notes',
      'team',
    ])
  })
  it('gives ACO users the same without team', () => {
    expect(FEATURES_BY_ROLE.ACO_USER).toEqual(FEATURES_BY_ROLE.ACO_ADMIN.filter((f) => f !== 'team'))
  })
  it('keeps claim export and cost analysis from physicians', () => {
    expect(hasFeature('PHYSICIAN_ADMIN', 'claim-export')).toBe(false)
    expect(hasFeature('PHYSICIAN_ADMIN', 'cost-analysis')).toBe(false)
    expect(hasFeature('PHYSICIAN_ADMIN', 'team')).toBe(true)
    expect(FEATURES_BY_ROLE.CLINICIAN).toEqual(FEATURES_BY_ROLE.PHYSICIAN_USER)
  })
  it('limits agents to dashboard, search and medications', () => {
    expect(FEATURES_BY_ROLE.AGENT_USER).toEqual(['dashboard', 'patient-search', 'medication-management'])
    expect(FEATURES_BY_ROLE.AGENT_ADMIN).toEqual([
      'dashboard',
      'patient-search',
      'medication-management',
      'team',
    ])
  })
})

describe('display options', () => {
  it('pages claims 20 for ACO, 15 for physicians, 10 otherwise', () => {
    expect(displayOptionsFor('ACO_USER').claimsPerPage).toBe(20)
    expect(displayOptionsFor('PHYSICIAN_USER').claimsPerPage).toBe(15)
    expect(displayOptionsFor('AGENT_USER').claimsPerPage).toBe(10)
    expect(displayOptionsFor('USER').claimsPerPage).toBe(10)
  })
  it('shows agents only provider and medication details', () => {
    const agent = displayOptionsFor('AGENT_ADMIN')
    const shown = Object.entries(agent)
      .filter(([, value]) => value === true)
      .map(([key]) => key)
    expect(shown.sort()).toEqual(['medicationDetails', 'providerDetails'])
    expect(agent.variant).toBe('basic')
  })
  it('lets providers export and edit notes', () => {
    expect(displayOptionsFor('ACO_ADMIN')).toMatchObject({
      export: true,
      edit: true,
      variant: 'aco-detailed',
    })
    expect(displayOptionsFor('CLINICIAN')).toMatchObject({ export: true, variant: 'physician-clinical' })
  })
  it('shows other roles nothing extra', () => {
    const user = displayOptionsFor('USER')
    expect(Object.values(user).filter((value) => value === true)).toHaveLength(0)
  })
})

describe('organisation pairing', () => {
  it('requires ACO for ACO roles', () => {
    expect(roleFitsOrganizationType('ACO_USER', 'ACO')).toBe(true)
    expect(roleFitsOrganizationType('ACO_USER', 'FQHC')).toBe(false)
  })
  it('accepts physician groups and FQHCs for physician roles', () => {
    expect(roleFitsOrganizationType('PHYSICIAN_USER', 'PHYSICIAN_GROUP')).toBe(true)
    expect(roleFitsOrganizationType('PHYSICIAN_ADMIN', 'FQHC')).toBe(true)
    expect(roleFitsOrganizationType('PHYSICIAN_ADMIN', 'ACO')).toBe(false)
  })
  it('requires an insurance agency for agents and refuses a missing type', () => {
    expect(roleFitsOrganizationType('AGENT_USER', 'INSURANCE_AGENCY')).toBe(true)
    expect(roleFitsOrganizationType('AGENT_USER', null)).toBe(false)
  })
  it('places no constraint on other roles', () => expect(roleFitsOrganizationType('USER', null)).toBe(true))
})

describe('labels and admin roles', () => {
  it('labels every role', () => {
    for (const role of ROLES) expect(ROLE_LABELS[role]).toBeTruthy()
    expect(ROLE_LABELS.ACO_USER).toBe('ACO Provider')
    expect(ROLE_LABELS.PHYSICIAN_USER).toBe('Physician')
    expect(SETTINGS_ROLE_LABELS.ADMIN).toBe('System Administrator')
    expect(SETTINGS_ROLE_LABELS.AGENT_USER).toBe('Insurance Agent')
  })
  it('names the four admin roles', () => {
    expect([...ADMIN_ROLES]).toEqual(['ADMIN', 'ACO_ADMIN', 'PHYSICIAN_ADMIN', 'AGENT_ADMIN'])
  })
  it('counts only ACO and physician roles as provider roles', () => {
    expect(ROLES.filter(isProviderRole)).toEqual([
      'ACO_ADMIN',
      'ACO_USER',
      'PHYSICIAN_ADMIN',
      'PHYSICIAN_USER',
      'CLINICIAN',
    ])
  })
})

describe('permissions', () => {
  it('lets only ACO admins of ACOs manage TINs', () => {
    expect(permissionsFor('ACO_ADMIN', 'ACO')).toContain('tins.manage')
    expect(permissionsFor('ACO_USER', 'ACO')).not.toContain('tins.manage')
  })
  it('keeps claims and exports from agents', () => {
    const agent = permissionsFor('AGENT_USER', 'INSURANCE_AGENCY')
    expect(agent).toContain('patients.view')
    expect(agent).not.toContain('patients.view_claims')
    expect(agent).not.toContain('patients.export')
  })
  it('gives individual accounts billing', () =>
    expect(permissionsFor('USER', 'INDIVIDUAL')).toContain('billing.manage'))
  it('gives the platform admin no patient data', () => {
    expect(permissionsFor('ADMIN', null)).not.toContain('patients.view')
  })
})
