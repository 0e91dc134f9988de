// Which of a patient's identifying and contact fields a role sees, one rule for every place that shows them
// (selected-patient card, Patient Details, search results). The `mbi` display option shows the Medicare
// ID, `demographics` the gender and contact details; 'The MRN field and the Medicare ID and MRN search tabs show
// only for ACO and physician roles'. Everyone with patient access sees the name and date of birth. The server
// also nulls what a role may not see; this keeps the screen from promising fields the role never gets.
import { type Patient } from '@blueconsent/contract/patients'
import { displayOptionsFor, isProviderRole, type Role } from '@blueconsent/contract/shared'
import type { DetailRow } from '@/components/patient-data/details-list.tsx'
import { formatDate } from '@/components/patient-data/format.ts'
import { patientAddress, patientBirthDate, patientMrn, patientPhone } from './patient-format.ts'

export type PatientFields = {
  /** The MRN field, and the MRN and Medicare ID search tabs (ACO and physician roles). */
  mrn: boolean
  /** The Medicare ID (display option `mbi`). */
  mbi: boolean
  /** Gender, phone, email and address (display option `demographics`). */
  demographics: boolean
}

export function patientFieldsFor(role: Role): PatientFields {
  const options = displayOptionsFor(role)
  return { mrn: isProviderRole(role), mbi: options.mbi, demographics: options.demographics }
}

/** The label/value rows of a patient the role may see, in the order both cards show them. */
export function patientFactRows(patient: Patient, fields: PatientFields): DetailRow[] {
  const rows: DetailRow[] = [['Date of birth', formatDate(patientBirthDate(patient))]]
  if (fields.demographics) rows.push(['Gender', patient.gender])
  if (fields.mrn) rows.push(['MRN', patientMrn(patient)])
  if (fields.mbi) rows.push(['Medicare ID', patient.medicare_number])
  if (fields.demographics) {
    rows.push(
      ['Phone', patientPhone(patient)],
      ['Email', patient.email],
      ['Address', patientAddress(patient)],
    )
  }
  return rows
}
