import { useSession } from '@/lib/session.ts'
import { FiguresPanel } from '../components/figures-panel.tsx'
import { RequestNumbersPanel } from '../components/request-numbers-panel.tsx'
import { RoleSummary } from '../components/role-summary.tsx'

/** /app/dashboard: the role's figures, the request numbers, and the user's organisation, role and features. */
export function DashboardPage() {
  const { user } = useSession()
  if (!user) return null
  const name = user.first_name || user.full_name || user.email
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Welcome, {name}</h1>
      <FiguresPanel />
      <RequestNumbersPanel user={user} />
      <RoleSummary user={user} />
    </div>
  )
}
