// The setup wizard on the server: progress saved per organisation (encrypted: it holds contact details),
// and completion, which applies the same rules as the browser and writes the organisation's profile, its
// TINs and the first invitations in one transaction. Until then the organisation sends no new requests.
import {
  identityErrors,
  isSetupReady,
  setupStateSchema,
  SETUP_MESSAGES,
  type SetupProgressResponse,
  type SetupState,
} from '@blueconsent/contract/setup'
import { ADMIN_ROLES, roleHome, type OrganizationType, type Role } from '@blueconsent/contract/shared'
import { tinDigits } from '@blueconsent/contract/tins'
import type { RouteRequirements } from '../../platform/access/access.ts'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import type { OrganizationIdentifiers } from '../../platform/db/schema/organizations.ts'
import { AppError, FieldValidationError, notFound } from '../../platform/errors.ts'
import { decrypt, encrypt } from '../../platform/lib/crypto.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import { sendInvitationWithin } from '../invitations/index.ts'
import { addTinToOrganization } from '../tins/index.ts'
import {
  completeOrganizationSetup,
  deleteProgress,
  selectProgress,
  selectSetupStatus,
  upsertProgress,
} from './setup.repository.ts'

const ADMINS: ReadonlySet<Role> = new Set(ADMIN_ROLES)

/** The wizard belongs to whoever runs the organisation: its administrators, or an individual account's user. */
function organizationOf(source: Actor): string {
  const { principal } = source
  if (!principal.organizationId) throw notFound()
  if (!ADMINS.has(principal.role) && principal.organizationType !== 'INDIVIDUAL')
    throw new AppError(403, 'permission_denied', 'Only an administrator of your organization can set it up.')
  return principal.organizationId
}

export async function getProgress(ctx: AppContext, source: Actor): Promise<SetupProgressResponse> {
  const organizationId = organizationOf(source)
  const [progress, status] = await Promise.all([
    selectProgress(ctx.db, organizationId),
    selectSetupStatus(ctx.db, organizationId),
  ])
  const parsed = progress
    ? setupStateSchema.safeParse(JSON.parse(decrypt(ctx.keys, progress.stateEncrypted)))
    : null
  return {
    state: parsed?.success ? parsed.data : null,
    updated_at: progress?.updatedAt.toISOString() ?? null,
    completed: status?.setupCompletedAt != null,
    // What sign-up recorded, so a first visit starts from it instead of asking again.
    organization: status
      ? {
          name: status.name,
          organization_type: status.organizationType,
          npi: status.identifiers.npi ?? null,
          npn: status.identifiers.npn ?? null,
          license_state: status.identifiers.license_state ?? null,
        }
      : null,
  }
}

export async function saveProgress(ctx: AppContext, source: Actor, state: SetupState) {
  const organizationId = organizationOf(source)
  await upsertProgress(
    ctx.db,
    organizationId,
    encrypt(ctx.keys, JSON.stringify(state)),
    source.principal.userId,
    ctx.clock(),
  )
  return getProgress(ctx, source)
}

/** Which organisation types each business type may describe. */
const FITS: Record<NonNullable<SetupState['businessType']>, readonly OrganizationType[]> = {
  ACO: ['ACO'],
  MEDICAL_PROVIDER: ['INDIVIDUAL', 'PHYSICIAN_GROUP', 'FQHC'],
  MEDICAL_PROVIDER_TEAM: ['PHYSICIAN_GROUP', 'FQHC'],
  INSURANCE_AGENCY: ['INDIVIDUAL', 'INSURANCE_AGENCY'],
  INSURANCE_AGENCY_TEAM: ['INSURANCE_AGENCY'],
}

function nameAndProfile(state: SetupState): {
  name: string
  identifiers: OrganizationIdentifiers
  profile: object
} {
  const { acoProfile, npiData, agencyProfile, individualProfile } = state
  switch (state.businessType) {
    case 'ACO':
      return { name: acoProfile.legal_name.trim(), identifiers: {}, profile: acoProfile }
    case 'MEDICAL_PROVIDER':
    case 'MEDICAL_PROVIDER_TEAM':
      return {
        name: (npiData.organization_name || npiData.display_name).trim(),
        identifiers: { npi: npiData.npi },
        profile: { ...npiData, clinic_tin: state.clinicTIN ? tinDigits(state.clinicTIN) : null },
      }
    case 'INSURANCE_AGENCY':
      return {
        name: individualProfile.organization_name.trim(),
        identifiers: { npn: individualProfile.npn, license_state: individualProfile.license_state },
        profile: individualProfile,
      }
    default:
      return { name: agencyProfile.legal_name.trim(), identifiers: {}, profile: agencyProfile }
  }
}

export async function completeSetup(ctx: AppContext, source: Actor, state: SetupState) {
  const organizationId = organizationOf(source)
  const status = await selectSetupStatus(ctx.db, organizationId)
  if (!status) throw notFound()
  const errors = identityErrors(state)
  if (Object.keys(errors).length > 0)
    throw new FieldValidationError(
      Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, [message]])),
    )
  if (!state.businessType || !FITS[state.businessType].includes(status.organizationType))
    throw new FieldValidationError({ businessType: ['This business type does not fit your organization'] })
  if (!isSetupReady(state)) throw new FieldValidationError({ non_field_errors: [SETUP_MESSAGES.notComplete] })
  const { name, identifiers, profile } = nameAndProfile(state)
  await ctx.db.transaction(async (tx) => {
    const tinIds = await registerTins(ctx, tx, source, organizationId, state)
    for (const invite of state.pendingInvites)
      await sendInvitationWithin(ctx, tx, source, {
        email: invite.email,
        role: invite.role as Role,
        tin_ids: tinIds,
      })
    await completeOrganizationSetup(
      tx,
      organizationId,
      {
        name,
        identifiers: { ...status.identifiers, ...identifiers },
        profileEncrypted: encrypt(ctx.keys, JSON.stringify(profile)),
      },
      ctx.clock(),
    )
    await deleteProgress(tx, organizationId)
    await writeAudit(tx, source, {
      action: 'setup.complete',
      patientId: null,
      targetType: 'organization',
      targetId: organizationId,
      details: {
        business_type: state.businessType,
        tins: tinIds.length,
        invitations: state.pendingInvites.length,
      },
      at: ctx.clock(),
    })
  })
  return { detail: 'Setup complete', home: roleHome(source.principal.role) }
}

async function registerTins(
  ctx: AppContext,
  tx: DbOrTx,
  source: Actor,
  organizationId: string,
  state: SetupState,
) {
  const entries =
    state.businessType === 'ACO'
      ? state.contractedTINs.map((entry) => ({
          identifier_value: tinDigits(entry.tin),
          provider_org_name: entry.name.trim() || state.acoProfile.legal_name.trim(),
        }))
      : state.businessType === 'MEDICAL_PROVIDER_TEAM' && state.clinicTIN.trim()
        ? [
            {
              identifier_value: tinDigits(state.clinicTIN),
              provider_org_name: (state.npiData.organization_name || state.npiData.display_name).trim(),
            },
          ]
        : []
  const ids: string[] = []
  for (const entry of entries)
    ids.push((await addTinToOrganization(ctx, tx, source, organizationId, entry)).id)
  return ids
}

/** Refuses new authorization requests until the organisation finished its setup. */
export async function assertSetupComplete(db: DbOrTx, organizationId: string | null): Promise<void> {
  if (!organizationId) return
  const status = await selectSetupStatus(db, organizationId)
  if (status && status.setupCompletedAt === null)
    throw new AppError(403, 'permission_denied', SETUP_MESSAGES.notComplete)
}

/** `requires: ['setup_complete']`: a route that sends patients anything waits for a finished setup. */
export const setupRequirements: RouteRequirements = {
  setup_complete: (ctx, principal) => assertSetupComplete(ctx.db, principal.organizationId),
}
