import { useSession } from '@/lib/session.ts'
import { AuthorizationWidget } from '../components/authorization-widget.tsx'
import type { PatientRecordSlot } from '../components/data-tab.tsx'

/** /app/authorization/new and /app/provider-authorization-request: 'Request Patient Authorization'. */
export function RequestAuthorizationPage({ patientRecord }: { patientRecord?: PatientRecordSlot } = {}) {
  const { user } = useSession()
  if (!user) return null
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Request Patient Authorization</h1>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body">
          <AuthorizationWidget user={user} patientRecord={patientRecord} />
        </div>
      </div>
    </div>
  )
}
