// Patient rows to the contract (spec 1 §3 'Patient'). Identifiers and contact details are decrypted only
// here, per response; the MBI only for roles whose display options show it (spec 1 §6).
import { displayOptionsFor, type BasicInfo, type Patient } from '@blueconsent/contract'
import type { AppContext } from '../../context.ts'
import { decrypt } from '../../lib/crypto.ts'
import type { Principal } from '../../plugins/access.ts'
import type { NewestRequest, PatientRow } from './patients.repository.ts'

const open = (ctx: AppContext, sealed: string | null): string | null => (sealed ? decrypt(ctx.keys, sealed) : null)

export function toBasicInfo(row: PatientRow): BasicInfo {
  return {
    id: row.id,
    name: row.fullName,
    full_name: row.fullName,
    given_names: row.givenNames,
    family_name: row.familyName,
    birth_date: row.birthDate,
    date_of_birth: row.birthDate,
    gender: row.gender,
    state: row.state,
    postal_code: row.postalCode,
    data_as_of: row.dataAsOf?.toISOString() ?? null,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
  }
}

export function toPatient(ctx: AppContext, principal: Principal, row: PatientRow, request: NewestRequest | undefined): Patient {
  const mrn = open(ctx, row.mrnEncrypted)
  const phone = open(ctx, row.phoneEncrypted)
  return {
    ...toBasicInfo(row),
    mrn,
    medical_record_number: mrn,
    medicare_number: displayOptionsFor(principal.role).mbi ? open(ctx, row.mbiEncrypted) : null,
    // Blue Button has no member number, street or city; the portal does not collect them.
    member_number: null,
    email: open(ctx, row.emailEncrypted),
    phone_number: phone,
    phone,
    address_line: [],
    city: null,
    created_at: row.createdAt.toISOString(),
    tin_id: row.tinId,
    authorization: request ? { status: request.status, request_id: request.id, expires_at: request.expiresAt?.toISOString() ?? null } : null,
  }
}
