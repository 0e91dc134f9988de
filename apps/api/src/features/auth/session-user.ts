// The user as the contract shows it (spec 1 §3), and the claims that go into its access token.
import { permissionsFor, type TinScope, type User } from '@blueconsent/contract'
import type { DbOrTx } from '../../db/client.ts'
import { findOrganization, listUserTinIds, type UserRow } from './auth.repository.ts'
import type { AccessClaims } from './tokens.ts'

export type SessionUser = { user: User; tinScope: TinScope; claims: AccessClaims }

export async function loadSessionUser(db: DbOrTx, row: UserRow): Promise<SessionUser> {
  const organization = await findOrganization(db, row.organizationId)
  const tinIds = await listUserTinIds(db, row)
  const organizationType = organization?.organizationType ?? null
  const user: User = {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`.trim(),
    role: row.role,
    permissions: permissionsFor(row.role, organizationType),
    organization: organization
      ? { id: organization.id, name: organization.name, organization_type: organization.organizationType }
      : null,
    date_joined: row.dateJoined.toISOString(),
    is_superuser: row.isSuperuser,
    is_demo: row.isDemo,
    groups: [],
  }
  const tinScope: TinScope = { tin_ids: tinIds, all_tins: row.allTins, is_aco: organizationType === 'ACO' }
  const claims: AccessClaims = {
    sub: row.id,
    role: row.role,
    organization_type: organizationType,
    tin_ids: tinIds,
    all_tins: row.allTins,
  }
  return { user, tinScope, claims }
}
