// The Security tab of /app/account: change password, the two-factor card, the
// organisation's requirement for its admins, the account's active sessions and the apps it authorized.
import { useSession } from '@/lib/session.ts'
import { AuthorizedAppsCard } from './authorized-apps-card.tsx'
import { ChangePasswordCard } from './change-password-card.tsx'
import { OrganizationRequirementCard } from './organization-requirement-card.tsx'
import { SessionsCard } from './sessions-card.tsx'
import { TwoFactorCard } from './two-factor-card.tsx'

const ORGANIZATION_ADMINS: readonly string[] = ['ADMIN', 'ACO_ADMIN', 'PHYSICIAN_ADMIN', 'AGENT_ADMIN']

export function SecurityTab() {
  const { user } = useSession()
  const organization = user?.organization ?? null
  const administers = user !== null && ORGANIZATION_ADMINS.includes(user.role) && organization !== null
  return (
    <div className="flex flex-col gap-6">
      <ChangePasswordCard />
      <TwoFactorCard />
      {administers && organization ? (
        <OrganizationRequirementCard orgId={organization.id} organizationName={organization.name} />
      ) : null}
      <SessionsCard />
      <AuthorizedAppsCard />
    </div>
  )
}
