// /app/physician/appointments, the visit planner, composed from its features: the adherence feature's
// wellness-visit planner above the renewals and waiting requests of the authorization-requests feature.
import { VisitPlanner } from '@/features/adherence/index.ts'
import { AppointmentsPage } from '@/features/authorization-requests/pages/appointments-page.tsx'

export function AppointmentsRoute() {
  return <AppointmentsPage planner={<VisitPlanner />} />
}
