import type { LoginResponse, Role, User } from '@blueconsent/contract'

/** A signed-in staff member; named personas keep the tests readable. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    email: 'dana.reyes@sunrise-aco.example',
    first_name: 'Dana',
    last_name: 'Reyes',
    full_name: 'Dana Reyes',
    role: 'ACO_ADMIN',
    permissions: [],
    organization: {
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Sunrise ACO',
      organization_type: 'ACO',
    },
    date_joined: '2025-01-15T10:00:00Z',
    is_superuser: false,
    is_demo: false,
    groups: [],
    ...overrides,
  }
}

export const userWithRole = (role: Role, overrides: Partial<User> = {}): User =>
  makeUser({ role, ...overrides })

export function loginResponse(user: User = makeUser(), expiresIn = 900): LoginResponse {
  return {
    access: 'access-token-1',
    expires_in: expiresIn,
    user,
    tin_scope: { tin_ids: [], all_tins: true, is_aco: true },
  }
}
