// A request's row turned into the values its domain events carry (RequestFacts): what subscribers may
// know, with the contact in the clear. A publisher that has the contact at hand (creation) passes it and
// nothing is decrypted.
import type { RequestFacts } from '@blueconsent/contract/authorization-requests'
import type { AppContext } from '../../platform/context.ts'
import { decrypt } from '../../platform/lib/crypto.ts'
import type { RequestRow } from './authorization-requests.repository.ts'

export function requestFacts(
  ctx: Pick<AppContext, 'keys'>,
  row: RequestRow,
  contact: string = decrypt(ctx.keys, row.contactEncrypted),
): RequestFacts {
  return {
    id: row.id,
    organizationId: row.organizationId,
    requesterUserId: row.requesterUserId,
    patientId: row.patientId,
    status: row.status,
    authorizationType: row.authorizationType,
    contactMethod: row.contactMethod,
    contact,
    language: row.language,
    smsConsent: row.smsConsent,
    expiresAt: row.expiresAt,
    consentTokenExpiresAt: row.consentTokenExpiresAt,
    createdAt: row.createdAt,
  }
}
