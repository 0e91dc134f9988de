import { describe, expect, it } from 'vitest'
import { makeUser } from '../../../testing/fixtures.ts'
import { navItemsFor } from './nav-items.ts'

const labels = (user: Parameters<typeof navItemsFor>[0]) => navItemsFor(user).map((item) => item.label)

describe('navItemsFor', () => {
  it('gives admins every link, Team pointing at /app/invitation', () => {
    const items = navItemsFor(makeUser({ role: 'ACO_ADMIN' }))
    expect(items.map((item) => item.label)).toEqual(['Dashboard', 'Patients', 'Data Access', 'Billing', 'Team'])
    expect(items.find((item) => item.label === 'Team')?.to).toBe('/app/invitation')
    expect(items.find((item) => item.label === 'Patients')?.to).toBe('/app/authorization')
  })

  it('hides Billing and Team from non-admins outside an individual practice', () => {
    expect(labels(makeUser({ role: 'ACO_USER' }))).toEqual(['Dashboard', 'Patients', 'Data Access'])
  })

  it('shows Billing to an individual practice', () => {
    const user = makeUser({ role: 'PHYSICIAN_USER', organization: { id: 'o', name: 'Dr Lee', organization_type: 'INDIVIDUAL' } })
    expect(labels(user)).toEqual(['Dashboard', 'Patients', 'Data Access', 'Billing'])
  })

  it('hides Patients from roles without patient search', () => {
    expect(labels(makeUser({ role: 'USER', organization: null }))).toEqual(['Dashboard', 'Data Access'])
  })
})
