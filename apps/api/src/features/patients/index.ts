// The patients feature's public face: patient rows (find-or-create, what consent and the Medicare pull
// learn), the clinical data as the contract serves it, and the patient routes.
export { readClinicalData } from './clinical-data.ts'
export { primaryModel, type ClinicalData, type StoredRiskScore } from './clinical-views.ts'
export {
  applyMedicareDemographics,
  contactHash,
  findOrCreatePatient,
  findPatient,
  findPatientByMrn,
  lockPatientRow,
  markPatientDataRefreshed,
  mrnHash,
  normaliseContact,
  patientInScope,
  recordBlueButtonPatient,
  splitName,
  type PatientInput,
  type PatientRow,
} from './patient-records.ts'
export {
  patientFigures,
  patientsChangedSince,
  type ChangedPatients,
  type PatientFigures,
} from './patient-figures.repository.ts'
export { patientRoutes } from './patients.routes.ts'
export { normaliseMbi } from './patients.service.ts'
