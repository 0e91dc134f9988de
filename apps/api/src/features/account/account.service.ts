// The rules for a user's own record. Everyone reads and corrects their own names, address and preferences;
// the email is the sign-in identity and never changes here. An administrator may read (never change) the
// profile and address of a member of their own organisation — a platform administrator anyone's — and that
// read is audited; anybody else's record does not exist for the caller (404). The address and phone are
// contact details, stored as one encrypted document.
import {
  addressInputSchema,
  DEFAULT_PREFERENCES,
  type Address,
  type AddressInput,
  type OptionalEmailKind,
  type Preferences,
  type PreferencesUpdate,
  type Profile,
  type ProfileUpdate,
} from '@blueconsent/contract/account'
import { ADMIN_ROLES, isValidPatientId, type Role } from '@blueconsent/contract/shared'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { notFound, permissionDenied } from '../../platform/errors.ts'
import { decrypt, encrypt } from '../../platform/lib/crypto.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import { accountForRequest, sessionUserOf, type Account } from '../../platform/identity/index.ts'
import { queueEmail, type EmailDraft } from '../../platform/outbox/index.ts'
import {
  selectAddressOfUser,
  selectPreferences,
  updateOwnAddress,
  updateUserNames,
  upsertAddress,
  upsertPreferences,
  type AddressRow,
  type PreferencesRow,
} from './account.repository.ts'

type StoredAddress = Omit<Address, 'id' | 'updated_at'>
const ADMINS: ReadonlySet<Role> = new Set(ADMIN_ROLES)

function toAddress(ctx: AppContext, row: AddressRow): Address {
  const details = JSON.parse(decrypt(ctx.keys, row.detailsEncrypted)) as StoredAddress
  return { id: row.id, ...details, updated_at: row.updatedAt.toISOString() }
}

function sealAddress(ctx: AppContext, input: AddressInput): string {
  const address = addressInputSchema.parse(input)
  const stored: StoredAddress = {
    street_address: address.street_address,
    city: address.city,
    state: address.state,
    zip_code: address.zip_code,
    phone_number: address.phone_number,
  }
  return encrypt(ctx.keys, JSON.stringify(stored))
}

/** 'me' or the caller's own id is themselves; someone else's only for an administrator over them. */
async function readableAccount(
  ctx: AppContext,
  source: Actor,
  target: string,
): Promise<{ account: Account; own: boolean }> {
  const { principal } = source
  const id = target === 'me' ? principal.userId : target
  if (!isValidPatientId(id)) throw notFound()
  const account = await accountForRequest(ctx.db, id)
  if (!account) throw notFound()
  if (account.id === principal.userId) return { account, own: true }
  const platformAdmin = principal.role === 'ADMIN'
  const sameOrganization =
    principal.organizationId !== null && account.organizationId === principal.organizationId
  if (!platformAdmin && !(ADMINS.has(principal.role) && sameOrganization)) throw notFound()
  return { account, own: false }
}

async function profileOf(ctx: AppContext, account: Account): Promise<Profile> {
  const address = await selectAddressOfUser(ctx.db, account.id)
  return { ...sessionUserOf(account).user, address: address ? toAddress(ctx, address) : null }
}

async function auditRead(ctx: AppContext, source: Actor, action: string, userId: string) {
  await writeAudit(ctx.db, source, {
    action,
    patientId: null,
    targetType: 'user',
    targetId: userId,
    at: ctx.clock(),
  })
}

export async function getProfile(ctx: AppContext, source: Actor, target: string): Promise<Profile> {
  const { account, own } = await readableAccount(ctx, source, target)
  if (!own) await auditRead(ctx, source, 'profile.read', account.id)
  return profileOf(ctx, account)
}

export async function updateProfile(
  ctx: AppContext,
  source: Actor,
  target: string,
  change: ProfileUpdate,
): Promise<Profile> {
  const { account, own } = await readableAccount(ctx, source, target)
  // Administrators may look, not rewrite someone's name: that is the member's own statement.
  if (!own) throw permissionDenied()
  await ctx.db.transaction(async (tx) => {
    await updateUserNames(tx, account.id, change.first_name, change.last_name)
    await writeAudit(tx, source, {
      action: 'profile.update',
      patientId: null,
      targetType: 'user',
      targetId: account.id,
      details: {
        first_name_changed: account.firstName !== change.first_name,
        last_name_changed: account.lastName !== change.last_name,
      },
      at: ctx.clock(),
    })
  })
  const updated = await accountForRequest(ctx.db, account.id)
  return profileOf(ctx, updated ?? account)
}

export async function getAddress(ctx: AppContext, source: Actor, target: string): Promise<Address> {
  const { account, own } = await readableAccount(ctx, source, target)
  const row = await selectAddressOfUser(ctx.db, account.id)
  if (!own) await auditRead(ctx, source, 'address.read', account.id)
  if (!row) throw notFound()
  return toAddress(ctx, row)
}

async function auditAddressChange(tx: DbOrTx, ctx: AppContext, source: Actor, row: AddressRow) {
  // Which record changed, never what it now says: the audit log must not become a copy of contact details.
  await writeAudit(tx, source, {
    action: 'address.update',
    patientId: null,
    targetType: 'address',
    targetId: row.id,
    at: ctx.clock(),
  })
}

export async function saveMyAddress(ctx: AppContext, source: Actor, input: AddressInput) {
  return ctx.db.transaction(async (tx) => {
    const row = await upsertAddress(tx, source.principal.userId, sealAddress(ctx, input), ctx.clock())
    await auditAddressChange(tx, ctx, source, row)
    return toAddress(ctx, row)
  })
}

export async function updateMyAddress(
  ctx: AppContext,
  source: Actor,
  addressId: string,
  input: AddressInput,
): Promise<Address> {
  if (!isValidPatientId(addressId)) throw notFound()
  return ctx.db.transaction(async (tx) => {
    const sealed = sealAddress(ctx, input)
    const row = await updateOwnAddress(tx, addressId, source.principal.userId, sealed, ctx.clock())
    if (!row) throw notFound()
    await auditAddressChange(tx, ctx, source, row)
    return toAddress(ctx, row)
  })
}

const toPreferences = (row: PreferencesRow | null): Preferences =>
  row
    ? {
        theme: (row.theme as Preferences['theme']) ?? null,
        email_billing: row.emailBilling,
        email_system: row.emailSystem,
        email_security: row.emailSecurity,
      }
    : DEFAULT_PREFERENCES

export async function getMyPreferences(ctx: AppContext, userId: string): Promise<Preferences> {
  return toPreferences(await selectPreferences(ctx.db, userId))
}

export async function updateMyPreferences(
  ctx: AppContext,
  source: Actor,
  change: PreferencesUpdate,
): Promise<Preferences> {
  return ctx.db.transaction(async (tx) => {
    const current = toPreferences(await selectPreferences(tx, source.principal.userId))
    const next = { ...current, ...change }
    const row = await upsertPreferences(
      tx,
      source.principal.userId,
      {
        theme: next.theme,
        emailBilling: next.email_billing,
        emailSystem: next.email_system,
        emailSecurity: next.email_security,
      },
      ctx.clock(),
    )
    await writeAudit(tx, source, {
      action: 'preferences.update',
      patientId: null,
      targetType: 'user',
      targetId: source.principal.userId,
      details: { changed: Object.keys(change).sort() },
      at: ctx.clock(),
    })
    return toPreferences(row)
  })
}

const OPTIONAL_EMAIL_FLAG = {
  billing: 'email_billing',
  system: 'email_system',
  security: 'email_security',
} as const satisfies Record<OptionalEmailKind, keyof Preferences>

/** Whether the user still wants this kind of optional email. */
export async function wantsOptionalEmail(db: DbOrTx, userId: string, kind: OptionalEmailKind) {
  return toPreferences(await selectPreferences(db, userId))[OPTIONAL_EMAIL_FLAG[kind]]
}

/**
 * Queues an optional email (billing news, system updates, security tips) only for a user who has not switched
 * that kind off; answers the outbox id, or null when the user opted out. Messages about the account itself
 * (a password change, a second factor turned off) are not optional and go through the outbox directly.
 */
export async function queueOptionalEmail(
  ctx: AppContext,
  tx: DbOrTx,
  recipient: { userId: string; kind: OptionalEmailKind },
  draft: EmailDraft,
): Promise<string | null> {
  if (!(await wantsOptionalEmail(tx, recipient.userId, recipient.kind))) return null
  return queueEmail(ctx, tx, draft)
}
