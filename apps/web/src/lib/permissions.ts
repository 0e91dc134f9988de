// The contract's permission rule (permissionsFor) for a signed-in user, so a guard and the navigation that
// links to its page ask the same question. The server checks the permission again on every call.
import { permissionsFor, type Permission, type User } from '@blueconsent/contract'

export const userHasPermission = (user: Pick<User, 'role' | 'organization'>, permission: Permission): boolean =>
  permissionsFor(user.role, user.organization?.organization_type).includes(permission)
