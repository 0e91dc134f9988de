import { ORGANIZATION_TYPES, ROLES, isProviderRole, permissionsFor } from '@blueconsent/contract/shared'
import { describe, expect, it } from 'vitest'
import { makeUser } from '@/testing/fixtures.ts'
import { matchesExactly, navItemsFor } from './nav-items.ts'

const labels = (user: Parameters<typeof navItemsFor>[0]) => navItemsFor(user).map((item) => item.label)

describe('navItemsFor', () => {
  it('gives admins every link, Team pointing at /app/invitation', () => {
    const items = navItemsFor(makeUser({ role: 'ACO_ADMIN' }))
    expect(items.map((item) => item.label)).toEqual([
      'Dashboard',
      'Patients',
      'Data Access',
      'Risk gaps',
      'Billing',
      'Team',
      'TINs',
      'Audit log',
    ])
    expect(items.find((item) => item.label === 'Team')?.to).toBe('/app/invitation')
    expect(items.find((item) => item.label === 'TINs')?.to).toBe('/app/admin/tin-management')
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
    expect(labels(makeUser({ role: 'ACO_USER' }))).toEqual([
      'Dashboard',
      'Patients',
      'Data Access',
      'Risk gaps',
    ])
  })

  it('shows Billing to an individual practice', () => {
    const user = makeUser({
      role: 'PHYSICIAN_USER',
      organization: { id: 'o', name: 'Dr Lee', organization_type: 'INDIVIDUAL' },
    })
    expect(labels(user)).toEqual(['Dashboard', 'Patients', 'Data Access', 'Risk gaps', 'Billing'])
  })

  it('links Patients for every signed-in user, whatever the role and organisation (the page guards itself)', () => {
    for (const role of ROLES) {
      for (const organization_type of ORGANIZATION_TYPES) {
        const user = makeUser({ role, organization: { id: 'o', name: 'Org', organization_type } })
        expect(labels(user), `${role} in ${organization_type}`).toContain('Patients')
      }
      expect(labels(makeUser({ role, organization: null })), `${role} without organisation`).toContain(
        'Patients',
      )
    }
  })
})

describe('the Risk gaps link', () => {
  it('shows for exactly the ACO and physician roles, never agents', () => {
    for (const role of ROLES) {
      const shown = labels(makeUser({ role })).includes('Risk gaps')
      expect(shown, role).toBe(isProviderRole(role))
    }
  })
})

describe('the Admin link', () => {
  it('shows for a superuser and an admin-group member only', () => {
    const admin = (overrides: Parameters<typeof makeUser>[0]) =>
      navItemsFor(makeUser(overrides)).find((item) => item.label === 'Admin')?.to
    expect(admin({ role: 'ADMIN', is_superuser: true })).toBe('/app/admin')
    expect(admin({ role: 'ACO_ADMIN', groups: [{ name: 'Organization Admin' }] })).toBe('/app/admin')
    expect(admin({ role: 'ACO_ADMIN' })).toBeUndefined()
    expect(admin({ role: 'ACO_USER', groups: [{ name: 'Readers' }] })).toBeUndefined()
  })

  it('makes an item current only on its own page when another item lives under its path', () => {
    const items = navItemsFor(makeUser({ role: 'ADMIN', organization: null, is_superuser: true }))
    const admin = items.find((item) => item.label === 'Admin')
    const audit = items.find((item) => item.label === 'Audit log')
    expect(admin && matchesExactly(admin, items)).toBe(true)
    expect(audit && matchesExactly(audit, items)).toBe(false)
  })
})
