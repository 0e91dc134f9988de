// What the dashboard view and other features read about patients: the figures, the recently changed and
// the patients served now. The queries stay in the repositories (private to this feature); these
// signatures are the promise other code builds on, so a query can change shape without touching them.
import { type Principal } from '../../platform/identity/index.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import * as figures from './patient-figures.repository.ts'
import * as records from './patients.repository.ts'

export type { ChangedPatients, PatientFigures } from './patient-figures.repository.ts'
export type { ScopedPatient, ServedPatient } from './patients.repository.ts'

/** The dashboard's patient figures, counted in the caller's scope. */
export const patientFigures = (
  db: DbOrTx,
  principal: Principal,
  now: Date,
): Promise<figures.PatientFigures> => figures.patientFigures(db, principal, now)

/** Patients in the caller's scope whose data changed after `since`, newest first, at most `limit`. */
export const patientsChangedSince = (
  db: DbOrTx,
  principal: Principal,
  now: Date,
  since: Date,
  limit: number,
): Promise<figures.ChangedPatients> => figures.patientsChangedSince(db, principal, now, since, limit)

/** Patients in the caller's scope whose data is served now (an active authorization), at most `limit`. */
export const servedPatientsInScope = (
  db: DbOrTx,
  principal: Principal,
  now: Date,
  limit: number,
): Promise<records.ServedPatient[]> => records.servedPatientsInScope(db, principal, now, limit)
