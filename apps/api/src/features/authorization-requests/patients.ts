// Find-or-create the patient in the organisation (issue 5): by MRN when given, else by the contact.
// New patients made by a TIN-scoped user land on that user's first TIN so colleagues on it see them.
import { toE164 } from '@blueconsent/contract'
import type { AppContext } from '../../context.ts'
import type { DbOrTx } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { encrypt, keyedHash } from '../../lib/crypto.ts'
import type { Principal } from '../../plugins/access.ts'
import {
  findPatientByHash,
  insertPatient,
  patientInScope,
  updatePatient,
  type PatientRow,
} from './authorization-requests.repository.ts'

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
  const existing = input.mrn
    ? await findPatientByHash(tx, organizationId, 'mrnHash', mrnHash(ctx, input.mrn))
    : await findPatientByHash(tx, organizationId, contactColumn, hash)
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
