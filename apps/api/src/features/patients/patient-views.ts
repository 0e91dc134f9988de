// Patient rows to the contract. Identifiers and contact details are decrypted only
// here, per response, and only for roles whose display options show them: demographics
// (gender, email, phone, address) with `demographics`, the MBI with `mbi`, the MRN for ACO and physician
// roles (the roles with the MRN field). Agents get name, birth date and the authorization only.
//
// What the Medicare pull wrote onto the row (ingestion.service.ts `updateDemographics`: the MBI, birth date,
// gender, state, ZIP, and the given and family names as Medicare spells them) is served only while the
// caller has an active authorization for the patient (`served`, the predicate the clinical data uses):
// after a revoke or expiry the patient keeps what staff entered on the request form (the name, MRN,
// email, phone) and the rest is null.
import { type BasicInfo, type Patient } from '@blueconsent/contract/patients'
import { displayOptionsFor, isProviderRole, type Role } from '@blueconsent/contract/shared'
import { type Principal } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { decrypt } from '../../platform/lib/crypto.ts'
import { splitName } from './patient-records.ts'
import type { NewestRequest, PatientRow } from './patients.repository.ts'

const open = (ctx: AppContext, sealed: string | null): string | null =>
  sealed ? decrypt(ctx.keys, sealed) : null

/** The MRN field, and with it the MRN column of responses: ACO and physician roles. */
export const showsMrn = (role: Role): boolean => isProviderRole(role)

/**
 * The MRN and Medicare ID search tabs, and identifier matching in the general search: roles
 * that see both the MRN and the MBI. Everyone else searches by name, email and phone only.
 */
export const searchesByIdentifier = (role: Role): boolean => showsMrn(role) && displayOptionsFor(role).mbi

/** The name as staff typed it, split as the request form splits it. */
function enteredName(fullName: string): { given_names: string[]; family_name: string | null } {
  const { givenNames, familyName } = splitName(fullName)
  return { given_names: givenNames, family_name: familyName }
}

/** `served`: the caller has an active authorization for the patient (`withActiveAuthorization`). */
export function toBasicInfo(principal: Principal, row: PatientRow, served: boolean): BasicInfo {
  const demographics = displayOptionsFor(principal.role).demographics && served
  const birthDate = served ? row.birthDate : null
  return {
    id: row.id,
    name: row.fullName,
    full_name: row.fullName,
    ...(served ? { given_names: row.givenNames, family_name: row.familyName } : enteredName(row.fullName)),
    birth_date: birthDate,
    date_of_birth: birthDate,
    gender: demographics ? row.gender : null,
    state: demographics ? row.state : null,
    postal_code: demographics ? row.postalCode : null,
    data_as_of: row.dataAsOf?.toISOString() ?? null,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
  }
}

export function toPatient(
  ctx: AppContext,
  principal: Principal,
  row: PatientRow,
  request: NewestRequest | undefined,
  served: boolean,
): Patient {
  const display = displayOptionsFor(principal.role)
  const mrn = showsMrn(principal.role) ? open(ctx, row.mrnEncrypted) : null
  const phone = display.demographics ? open(ctx, row.phoneEncrypted) : null
  return {
    ...toBasicInfo(principal, row, served),
    mrn,
    medical_record_number: mrn,
    medicare_number: display.mbi && served ? open(ctx, row.mbiEncrypted) : null,
    // Blue Button has no member number, street or city; the portal does not collect them.
    member_number: null,
    email: display.demographics ? open(ctx, row.emailEncrypted) : null,
    phone_number: phone,
    phone,
    address_line: [],
    city: null,
    created_at: row.createdAt.toISOString(),
    tin_id: row.tinId,
    authorization: request
      ? {
          status: request.status,
          request_id: request.id,
          expires_at: request.expiresAt?.toISOString() ?? null,
          medicare_access_ends_at: request.medicareAccessEndsAt?.toISOString() ?? null,
          under_identity_review: request.underIdentityReview,
          substance_use_claims_shared: request.part2Shared,
        }
      : null,
  }
}
