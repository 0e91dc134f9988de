// /app/aco/members: the ACO's people with role, TIN scope, status and last sign-in. The ACO admin changes a
// member's TINs and deactivates or reactivates them (a deactivated member is signed out at once).
import { useSession } from '@/lib/session.ts'
import { MemberList } from '../components/member-list.tsx'

export function MembersPage() {
  const { user } = useSession()
  const orgId = user?.organization?.id
  if (!user || !orgId) return null
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">ACO Members</h1>
        <p className="mt-2">Everyone in your ACO, the TINs they work under, and when they last signed in.</p>
      </div>
      <MemberList orgId={orgId} canManage={user.role === 'ACO_ADMIN'} selfId={user.id} />
    </div>
  )
}
