import { type User } from '@blueconsent/contract/auth'
import { hasFeature } from '@blueconsent/contract/shared'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'

/** The entry point to the authorization widget, for roles that may send requests ('patient-search'). */
export function RequestAuthorizationLink({ user }: { user: User }) {
  if (!hasFeature(user.role, 'patient-search')) return null
  return (
    <Link className="btn btn-primary btn-sm" to={paths.authorizationNew}>
      Request Authorization
    </Link>
  )
}
