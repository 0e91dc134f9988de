import { HEALTH_PLAN } from '@blueconsent/contract/shared'
import { useSession } from '../../../lib/session.ts'
import { RequestAuthorizationLink } from '../components/request-authorization-link.tsx'
import { RoleSummary } from '../components/role-summary.tsx'

/** /app/care-management ('Data Access', the ACO_USER home): what data the user's role gives access to. */
export function DataAccessPage() {
  const { user } = useSession()
  if (!user) return null
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Data Access</h1>
        <p className="mt-2">
          Patient data arrives through {HEALTH_PLAN.name} once a patient approves your request.
        </p>
        <div className="mt-3">
          <RequestAuthorizationLink user={user} />
        </div>
      </div>
      <RoleSummary user={user} />
    </div>
  )
}
