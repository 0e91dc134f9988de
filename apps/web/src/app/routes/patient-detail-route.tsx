// /app/patient/:id composed from its features (features never import each other; app/ joins them): the
// patients feature's record with the adherence feature's panel.
import { AdherencePanel } from '../../features/adherence/index.ts'
import { PatientDetailPage } from '../../features/patients/pages/patient-detail-page.tsx'

export function PatientDetailRoute() {
  return <PatientDetailPage adherencePanel={(patientId) => <AdherencePanel patientId={patientId} />} />
}
