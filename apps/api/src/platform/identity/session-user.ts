// The user as the contract shows it, and the claims that go into its access token.
import { type TinScope, type User } from '@blueconsent/contract/auth'
import { permissionsFor } from '@blueconsent/contract/shared'
import type { DbOrTx } from '../db/client.ts'
import { findAccount, type Account, type UserRow } from './auth.repository.ts'
import type { AccessClaims } from './tokens.ts'

export type SessionUser = { user: User; tinScope: TinScope; claims: AccessClaims }

export async function loadSessionUser(db: DbOrTx, row: UserRow): Promise<SessionUser> {
  const account = await findAccount(db, row.id)
  if (!account) throw new Error(`user ${row.id} vanished while signing in`)
  return sessionUserOf(account)
}

export function sessionUserOf(account: Account): SessionUser {
  const organizationType = account.organization?.organizationType ?? null
  const user: User = {
    id: account.id,
    email: account.email,
    first_name: account.firstName,
    last_name: account.lastName,
    full_name: `${account.firstName} ${account.lastName}`.trim(),
    role: account.role,
    permissions: permissionsFor(account.role, organizationType),
    organization: account.organization
      ? {
          id: account.organization.id,
          name: account.organization.name,
          organization_type: account.organization.organizationType,
        }
      : null,
    date_joined: account.dateJoined.toISOString(),
    is_superuser: account.isSuperuser,
    is_demo: account.isDemo,
    groups: account.groups.map((name) => ({ name })),
  }
  const tinScope: TinScope = {
    tin_ids: account.tinIds,
    all_tins: account.allTins,
    is_aco: organizationType === 'ACO',
  }
  // The token carries the scope for clients that read it; the server never trusts these copies (platform/access/access.ts).
  const claims: AccessClaims = {
    sub: account.id,
    role: account.role,
    organization_type: organizationType,
    tin_ids: account.tinIds,
    all_tins: account.allTins,
  }
  return { user, tinScope, claims }
}
