// /app/aco/patient/:id, an older address of the patient page, keeps working.
import { Navigate, generatePath, useParams } from 'react-router'
import { paths } from '@/app/paths.ts'

export function PatientRedirect() {
  const { id = '' } = useParams()
  return <Navigate to={generatePath(paths.patientDetail, { id })} replace />
}
