// How a patient's identity reads on screen; fields with two names (name/full_name, mrn/…) are read under both.
import type { Patient } from '@blueconsent/contract/patients'

export const patientDisplayName = (patient: Patient): string =>
  patient.full_name ||
  patient.name ||
  [...patient.given_names, patient.family_name].filter(Boolean).join(' ') ||
  'Unnamed patient'

export const patientMrn = (patient: Patient): string | null => patient.mrn ?? patient.medical_record_number

export const patientBirthDate = (patient: Patient): string | null =>
  patient.birth_date ?? patient.date_of_birth

export const patientPhone = (patient: Patient): string | null => patient.phone_number ?? patient.phone

export function patientAddress(patient: Patient): string | null {
  const cityLine = [patient.city, [patient.state, patient.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ')
  const parts = [...patient.address_line, cityLine].filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : null
}
