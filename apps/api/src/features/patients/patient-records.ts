// Every write to a patient row: find-or-create when staff ask for a patient (by MRN when given, else by
// the contact), and what the consent and the Medicare pull learn about them. New patients made by a
// TIN-scoped user land on that user's first TIN so colleagues on it see them.
import type { PatientRecord } from '@blueconsent/bluebutton'
import { toE164 } from '@blueconsent/contract/shared'
import { type Principal } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, type UniqueConflicts } from '../../platform/errors.ts'
import { encrypt, keyedHash } from '../../platform/lib/crypto.ts'
import {
  findPatientByHash,
  findPatientById,
  insertPatient,
  lockPatient,
  lockPatientLookup,
  setBlueButtonPatientId,
  updatePatient,
  type PatientRow,
} from './patients.repository.ts'

export type { PatientRow }

export type PatientInput = {
  name: string
  mrn: string | null
  contactMethod: 'email' | 'phone'
  /** Normalised: lower-case email or E.164 phone. */
  contact: string
}

export const normaliseContact = (method: 'email' | 'phone', value: string): string =>
  method === 'email' ? value.trim().toLowerCase() : toE164(value)

/** MRNs compare exactly after trimming (same keyed hash as the MBI column, so patient search can reuse it). */
export const mrnHash = (ctx: Pick<AppContext, 'keys'>, mrn: string): string => keyedHash(ctx.keys, mrn.trim())
export const contactHash = (ctx: AppContext, contact: string): string => keyedHash(ctx.keys, contact)

/** A typed name as given names and a family name (the last word). */
export function splitName(name: string): { givenNames: string[]; familyName: string | null } {
  const parts = name.trim().split(/\s+/)
  if (parts.length < 2) return { givenNames: parts, familyName: null }
  return { givenNames: parts.slice(0, -1), familyName: parts[parts.length - 1] ?? null }
}

/** The TIN scope rule for one patient already loaded (create and MRN lookup). */
export function patientInScope(
  principal: Principal,
  patient: Pick<PatientRow, 'organizationId' | 'tinId'>,
): boolean {
  if (patient.organizationId !== principal.organizationId) return false
  return principal.allTins || patient.tinId === null || principal.tinIds.includes(patient.tinId)
}

/** Creates of one new patient wait for each other (lockPatientLookup); this answers any that still race. */
export const PATIENT_CONFLICTS: UniqueConflicts = new Map([
  [
    'patients_organization_mrn_key',
    () => new AppError(409, 'conflict', 'A patient with this MRN was just added. Please try again.'),
  ],
])

const outOfScope = (): AppError =>
  new AppError(409, 'conflict', 'This patient is cared for under another practice of your organisation.')

export async function findOrCreatePatient(
  ctx: AppContext,
  tx: DbOrTx,
  principal: Principal,
  input: PatientInput,
): Promise<PatientRow> {
  const organizationId = principal.organizationId
  if (!organizationId)
    throw new AppError(403, 'permission_denied', 'You do not have permission to perform this action.')
  const hash = contactHash(ctx, input.contact)
  const contactColumn = input.contactMethod === 'email' ? 'emailHash' : 'phoneHash'
  const lookup: { column: 'mrnHash' | typeof contactColumn; hash: string } = input.mrn
    ? { column: 'mrnHash', hash: mrnHash(ctx, input.mrn) }
    : { column: contactColumn, hash }
  await lockPatientLookup(tx, organizationId, lookup.hash)
  const existing = await findPatientByHash(tx, organizationId, lookup.column, lookup.hash)
  if (existing) {
    if (!patientInScope(principal, existing)) throw outOfScope()
    const patch =
      input.contactMethod === 'email'
        ? existing.emailHash
          ? {}
          : { emailEncrypted: encrypt(ctx.keys, input.contact), emailHash: hash }
        : existing.phoneHash
          ? {}
          : { phoneEncrypted: encrypt(ctx.keys, input.contact), phoneHash: hash }
    if (Object.keys(patch).length > 0)
      await updatePatient(tx, existing.id, { ...patch, updatedAt: ctx.clock() })
    return existing
  }
  const now = ctx.clock()
  return insertPatient(tx, {
    organizationId,
    tinId: principal.allTins ? null : (principal.tinIds[0] ?? null),
    fullName: input.name.trim(),
    ...splitName(input.name),
    ...(input.mrn
      ? { mrnEncrypted: encrypt(ctx.keys, input.mrn.trim()), mrnHash: mrnHash(ctx, input.mrn) }
      : {}),
    ...(input.contactMethod === 'email'
      ? { emailEncrypted: encrypt(ctx.keys, input.contact), emailHash: hash }
      : { phoneEncrypted: encrypt(ctx.keys, input.contact), phoneHash: hash }),
    createdAt: now,
    updatedAt: now,
  })
}

/** Serialises creates for one patient so two staff cannot both pass the duplicate check. */
export const lockPatientRow = (tx: DbOrTx, patientId: string): Promise<void> => lockPatient(tx, patientId)

/** The patient of the organisation with this MRN (exact after trimming), in or out of the caller's scope. */
export const findPatientByMrn = (
  ctx: AppContext,
  db: DbOrTx,
  organizationId: string,
  mrn: string,
): Promise<PatientRow | undefined> => findPatientByHash(db, organizationId, 'mrnHash', mrnHash(ctx, mrn))

export const findPatient = (db: DbOrTx, id: string): Promise<PatientRow | undefined> =>
  findPatientById(db, id)

/** Remembers which Blue Button patient consented, so later pulls and searches can match them. */
export async function recordBlueButtonPatient(
  ctx: AppContext,
  tx: DbOrTx,
  patientId: string,
  blueButtonPatientId: string,
): Promise<void> {
  await setBlueButtonPatientId(
    tx,
    patientId,
    encrypt(ctx.keys, blueButtonPatientId),
    keyedHash(ctx.keys, blueButtonPatientId),
    ctx.clock(),
  )
}

/** What Medicare says about the beneficiary, kept where staff typed less (or nothing). */
export async function applyMedicareDemographics(
  ctx: AppContext,
  tx: DbOrTx,
  patient: PatientRow,
  beneficiary: PatientRecord,
): Promise<void> {
  await updatePatient(tx, patient.id, {
    familyName: beneficiary.lastName ?? patient.familyName,
    givenNames: [beneficiary.firstName, ...beneficiary.middleNames].filter((n): n is string => Boolean(n)),
    birthDate: beneficiary.birthDate ?? patient.birthDate,
    gender: beneficiary.gender ?? patient.gender,
    deceasedDate: beneficiary.deceasedDate,
    state: beneficiary.state,
    postalCode: beneficiary.postalCode,
    ...(beneficiary.mbi
      ? { mbiEncrypted: encrypt(ctx.keys, beneficiary.mbi), mbiHash: keyedHash(ctx.keys, beneficiary.mbi) }
      : {}),
    updatedAt: ctx.clock(),
  })
}

/** A pull finished: the patient's data is as of now. */
export async function markPatientDataRefreshed(tx: DbOrTx, patientId: string, at: Date): Promise<void> {
  await updatePatient(tx, patientId, { dataAsOf: at, lastSyncedAt: at, updatedAt: at })
}
