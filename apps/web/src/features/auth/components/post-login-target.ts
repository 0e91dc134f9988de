import { paths } from '@/app/paths.ts'
import { safeNextPath } from '@/lib/navigation.ts'

export type PostLoginTarget = { kind: 'route'; to: string } | { kind: 'document'; to: string }

/**
 * Where a signed-in user goes from the login page: a safe `next` (a full page load when it is the OAuth
 * authorize endpoint, which the server renders), else the role's home.
 */
export function postLoginTarget(next: string | null, home: string): PostLoginTarget {
  const safe = safeNextPath(next)
  if (safe && safe.startsWith('/o/authorize')) return { kind: 'document', to: safe }
  if (safe && !safe.startsWith(paths.login) && !safe.startsWith(paths.logout))
    return { kind: 'route', to: safe }
  return { kind: 'route', to: home }
}
