import type { LoginResponse, User } from '@blueconsent/contract/auth'
import type { Medication } from '@blueconsent/contract/patients'
import type { Role } from '@blueconsent/contract/shared'

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

export function makeMedication(overrides: Partial<Medication> = {}): Medication {
  return {
    id: 'med-1',
    ndc: '00093-7214-01',
    name: 'Metformin HCl 500 mg',
    drug_name: 'Metformin HCl 500 mg',
    dosage: null,
    strength: '500 mg',
    start_date: '2026-10-01',
    end_date: '2026-10-31',
    days_supply: 30,
    quantity: '60',
    refill_number: 2,
    prescribing_provider: 'Dr Alan Grant',
    prescriber_npi: '1234567890',
    pharmacy: null,
    brand_generic: 'generic',
    total_cost_cents: 1250,
    patient_pay_cents: 300,
    plan_paid_cents: 950,
    ...overrides,
  }
}
