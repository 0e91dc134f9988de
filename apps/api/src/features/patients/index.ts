// The patients feature's public face: patient rows (find-or-create, what consent and the Medicare pull
// learn), the clinical data as the contract serves it, and the patient routes.
export { readClinicalData } from './clinical-data.ts'
export { primaryModel, type ClinicalData, type StoredRiskScore } from './clinical-views.ts'
export {
  PATIENT_CONFLICTS,
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
  servedPatientsInScope,
  type ChangedPatients,
  type PatientFigures,
  type ServedPatient,
} from './patient-reads.ts'
export { patientRoutes } from './patients.routes.ts'
export { loadPatient, normaliseMbi } from './patients.service.ts'
// The scope of every patient read, for features whose own tables hang off patients (risk-gaps' worklist,
// adherence's visit planner).
export { activeAuthorizationExists, patientScope } from './patient-scope.ts'
export { type ScopedPatient } from './patient-reads.ts'
