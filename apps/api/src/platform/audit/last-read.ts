// When an organisation last read a patient's Medicare data, for the patient's own access page: the audited
// reads of the record, claims, medications, risk score, coverage and exports. Never who read it.
import type { DbOrTx } from '../db/client.ts'
import { findLastPatientDataRead } from './audit.repository.ts'

const DATA_READS = [
  'patient_data.read',
  'patient.read',
  'patient.consolidated',
  'patient.risk_score',
  'patient.coverage',
  'patient.adherence',
  'patient.brief',
  'patient.export',
  'claim.read',
] as const

export const lastPatientDataRead = (
  db: DbOrTx,
  input: { organizationId: string; patientId: string; since: Date },
): Promise<Date | null> => findLastPatientDataRead(db, { ...input, actions: DATA_READS })
