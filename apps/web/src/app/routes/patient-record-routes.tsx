// A patient's record composed from its features (features never import each other; app/ joins them): the
// patients feature's record with the adherence feature's panel, on Patient Details and in an authorization
// request's Data tab alike.
import { AdherencePanel } from '@/features/adherence/index.ts'
import { RequestAuthorizationPage } from '@/features/authorization-requests/pages/request-authorization-page.tsx'
import { PatientRecord } from '@/features/patients/components/patient-record.tsx'
import { PatientDetailPage } from '@/features/patients/pages/patient-detail-page.tsx'

const adherencePanel = (patientId: string) => <AdherencePanel patientId={patientId} />

const patientRecord = (patientId: string) => (
  <PatientRecord patientId={patientId} adherencePanel={adherencePanel} />
)

export function PatientDetailRoute() {
  return <PatientDetailPage adherencePanel={adherencePanel} />
}

/** Request Patient Authorization, whose Data tab shows the selected request's patient record. */
export function RequestAuthorizationRoute() {
  return <RequestAuthorizationPage patientRecord={patientRecord} />
}
