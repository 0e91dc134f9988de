import { ORGANIZATION_TYPES, ROLES, permissionsFor } from '@blueconsent/contract/shared'
import { describe, expect, it } from 'vitest'
import { passesPatientGuards } from '../../../lib/permissions.ts'
import { makeUser } from '../../../testing/fixtures.ts'
import { navItemsFor } from './nav-items.ts'

const labels = (user: Parameters<typeof navItemsFor>[0]) => navItemsFor(user).map((item) => item.label)

describe('navItemsFor', () => {
  it('gives admins every link, Team pointing at /app/invitation', () => {
    const items = navItemsFor(makeUser({ role: 'ACO_ADMIN' }))
    expect(items.map((item) => item.label)).toEqual([
      'Dashboard',
      'Patients',
      'Data Access',
      'Billing',
      'Team',
      'Audit log',
    ])
    expect(items.find((item) => item.label === 'Team')?.to).toBe('/app/invitation')
    expect(items.find((item) => item.label === 'Patients')?.to).toBe('/app/authorization')
  })

  it('links the audit log for exactly the roles the contract gives audit.view', () => {
    for (const role of ROLES) {
      const user = makeUser({ role })
      const audit = navItemsFor(user).find((item) => item.label === 'Audit log')
      const allowed = permissionsFor(role, user.organization?.organization_type).includes('audit.view')
      expect(audit?.to, role).toBe(allowed ? '/app/admin/audit' : undefined)
    }
    expect(labels(makeUser({ role: 'ADMIN', organization: null }))).toContain('Audit log')
    expect(labels(makeUser({ role: 'AGENT_ADMIN' }))).toContain('Audit log')
    expect(labels(makeUser({ role: 'ACO_USER' }))).not.toContain('Audit log')
    expect(labels(makeUser({ role: 'PHYSICIAN_USER' }))).not.toContain('Audit log')
  })

  it('hides Billing and Team from non-admins outside an individual practice', () => {
    expect(labels(makeUser({ role: 'ACO_USER' }))).toEqual(['Dashboard', 'Patients', 'Data Access'])
  })

  it('shows Billing to an individual practice, and no Patients link, which the patient guard would refuse', () => {
    const user = makeUser({
      role: 'PHYSICIAN_USER',
      organization: { id: 'o', name: 'Dr Lee', organization_type: 'INDIVIDUAL' },
    })
    expect(labels(user)).toEqual(['Dashboard', 'Data Access', 'Billing'])
  })

  it('links Patients for exactly the users the patient routes let in (role in its kind of organisation)', () => {
    for (const role of ROLES) {
      for (const organization_type of ORGANIZATION_TYPES) {
        const user = makeUser({ role, organization: { id: 'o', name: 'Org', organization_type } })
        expect(labels(user).includes('Patients'), `${role} in ${organization_type}`).toBe(
          passesPatientGuards(user),
        )
      }
    }
    expect(
      labels(
        makeUser({
          role: 'PHYSICIAN_USER',
          organization: { id: 'o', name: 'Lakeside', organization_type: 'FQHC' },
        }),
      ),
    ).toContain('Patients')
    expect(
      labels(
        makeUser({
          role: 'AGENT_USER',
          organization: { id: 'o', name: 'Harbor', organization_type: 'INSURANCE_AGENCY' },
        }),
      ),
    ).toContain('Patients')
    expect(
      labels(
        makeUser({
          role: 'AGENT_USER',
          organization: { id: 'o', name: 'Sunrise', organization_type: 'ACO' },
        }),
      ),
    ).not.toContain('Patients')
    expect(labels(makeUser({ role: 'ACO_USER', organization: null }))).not.toContain('Patients')
  })

  it('hides Patients from roles without patient search', () => {
    expect(labels(makeUser({ role: 'USER', organization: null }))).toEqual(['Dashboard', 'Data Access'])
  })
})
