// An organisation's requirement that every member use two-factor: its admins set it for their own
// organisation, the platform admin for any. Members without two-factor enrol at their next sign-in.
import type { OrganizationSecurity } from '@blueconsent/contract/two-factor'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { notFound } from '../../platform/errors.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import { findOrganizationRequirement, setOrganizationRequirement } from './two-factor.repository.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The organisation named, when the caller administers it; anything else is not found. */
async function administered(ctx: AppContext, source: Actor, organizationId: string) {
  const { principal } = source
  if (!UUID.test(organizationId)) throw notFound()
  if (principal.role !== 'ADMIN' && principal.organizationId !== organizationId) throw notFound()
  const row = await findOrganizationRequirement(ctx.db, organizationId)
  if (!row) throw notFound()
  return row
}

export async function organizationSecurity(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
): Promise<OrganizationSecurity> {
  const row = await administered(ctx, source, organizationId)
  return { require_two_factor: row.requireTwoFactor }
}

export async function setOrganizationSecurity(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
  change: OrganizationSecurity,
): Promise<OrganizationSecurity> {
  const row = await administered(ctx, source, organizationId)
  if (row.requireTwoFactor === change.require_two_factor) return change
  await ctx.db.transaction(async (tx) => {
    await setOrganizationRequirement(tx, organizationId, change.require_two_factor)
    await writeAudit(tx, source, {
      action: 'organization.two_factor_requirement',
      patientId: null,
      targetType: 'organization',
      targetId: organizationId,
      details: { before: row.requireTwoFactor, after: change.require_two_factor },
      at: ctx.clock(),
    })
  })
  return change
}
