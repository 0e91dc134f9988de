// For an organisation's admins: require two-factor of every member (members without it set it up at their
// next sign-in).
import { TWO_FACTOR_MESSAGES } from '@blueconsent/contract/two-factor'
import { useState } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useOrganizationSecurity, useSetOrganizationSecurity } from '../api/security-api.ts'

export function OrganizationRequirementCard({
  orgId,
  organizationName,
}: {
  orgId: string
  organizationName: string
}) {
  const security = useOrganizationSecurity(orgId)
  const update = useSetOrganizationSecurity(orgId)
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null)

  async function toggle(requireTwoFactor: boolean) {
    setNotice(null)
    try {
      await update.mutateAsync(requireTwoFactor)
      setNotice({
        type: 'success',
        text: requireTwoFactor ? TWO_FACTOR_MESSAGES.requirementOn : TWO_FACTOR_MESSAGES.requirementOff,
      })
    } catch {
      setNotice({ type: 'error', text: TWO_FACTOR_MESSAGES.actionFailed })
    }
  }

  return (
    <section aria-labelledby="organization-security-heading" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <h2 id="organization-security-heading" className="card-title">
          Organization security
        </h2>
        <p>
          Applies to every member of {organizationName}. Members without two-factor set it up at their next
          sign-in.
        </p>
        {security.isPending ? <Spinner label="Loading organization security…" /> : null}
        {security.isError ? <Alert type="error">{TWO_FACTOR_MESSAGES.loadFailed}</Alert> : null}
        {security.data ? (
          <label className="flex cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              role="switch"
              className="toggle toggle-primary"
              checked={security.data.require_two_factor}
              disabled={update.isPending}
              onChange={(event) => void toggle(event.target.checked)}
            />
            <span>Require two-factor for all members</span>
          </label>
        ) : null}
        <div role="status" aria-live="polite">
          {notice ? <Alert type={notice.type}>{notice.text}</Alert> : null}
        </div>
      </div>
    </section>
  )
}
