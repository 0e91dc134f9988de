// The rules for an organisation's members: its admins (and an ACO's users) read the list, the one list of who
// is in the team, and the one the team's seats count; an ACO's admin changes a member's TINs (for roles
// limited to TINs, always at least one active TIN of the ACO) and deactivates or reactivates them.
// Deactivation ends the member's sessions at once, and nobody deactivates themselves. Changes are audited.
import { needsTinSelection } from '@blueconsent/contract/invitations'
import { MEMBER_MESSAGES, type Member, type MemberList } from '@blueconsent/contract/members'
import { isValidPatientId } from '@blueconsent/contract/shared'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { fieldError, notFound } from '../../platform/errors.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import { activeTinsOfOrganization, endUserSessions } from '../../platform/identity/index.ts'
import {
  countActiveMembers,
  findMember,
  isAcoOrganization,
  replaceMemberTins,
  selectMemberTins,
  selectMembers,
  setMemberActive,
  type MemberRow,
  type MemberTinRow,
} from './members.repository.ts'

/** The caller's own organisation, when the URL names it; anything else is not found. */
function ownOrganizationOf(source: Actor, organizationId: string): string {
  if (source.principal.organizationId !== organizationId) throw notFound()
  return organizationId
}

/** The caller's own ACO, when the URL names it; anything else is not found. */
function acoOf(source: Actor, organizationId: string): string {
  const { principal } = source
  if (principal.organizationType !== 'ACO' || principal.organizationId !== organizationId) throw notFound()
  return organizationId
}

/**
 * The ACO whose member is changed: the caller's own, or for the platform's superuser any ACO (so a member
 * whose organisation has no admin left can still be given TINs). Anything else is not found.
 */
async function changeableAcoOf(db: DbOrTx, source: Actor, organizationId: string): Promise<string> {
  if (!source.principal.isSuperuser) return acoOf(source, organizationId)
  if (!isValidPatientId(organizationId) || !(await isAcoOrganization(db, organizationId))) throw notFound()
  return organizationId
}

function toMember(row: MemberRow, tins: readonly MemberTinRow[]): Member {
  return {
    id: row.id,
    full_name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email,
    email: row.email,
    role: row.role,
    all_tins: row.allTins,
    tins: row.allTins
      ? []
      : tins
          .filter((tin) => tin.userId === row.id)
          .map((tin) => ({
            id: tin.tinId,
            display_name: tin.providerOrgName,
            masked_tin: tin.identifierMasked,
          })),
    is_active: row.isActive,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  }
}

async function membersWithTins(db: DbOrTx, rows: MemberRow[]): Promise<Member[]> {
  const tins = await selectMemberTins(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toMember(row, tins))
}

export async function listMembers(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
): Promise<MemberList> {
  const rows = await selectMembers(ctx.db, ownOrganizationOf(source, organizationId))
  const results = await membersWithTins(ctx.db, rows)
  return { count: results.length, results }
}

export async function updateMember(
  ctx: AppContext,
  source: Actor,
  organizationId: string,
  userId: string,
  change: { tin_ids?: string[]; is_active?: boolean },
): Promise<Member> {
  const orgId = await changeableAcoOf(ctx.db, source, organizationId)
  if (!isValidPatientId(userId)) throw notFound()
  return ctx.db.transaction(async (tx) => {
    const member = await findMember(tx, orgId, userId)
    if (!member) throw notFound()
    const [before] = await membersWithTins(tx, [member])
    const now = ctx.clock()
    if (change.tin_ids !== undefined) await changeTins(tx, orgId, member, change.tin_ids, now)
    if (change.is_active !== undefined) await changeActive(tx, source, member, change.is_active, now)
    const [after] = await membersWithTins(tx, [(await findMember(tx, orgId, userId)) as MemberRow])
    await writeAudit(tx, source, {
      action: 'member.update',
      patientId: null,
      targetType: 'user',
      targetId: userId,
      details: {
        tins_before: before?.tins.map((tin) => tin.id) ?? [],
        tins_after: after?.tins.map((tin) => tin.id) ?? [],
        is_active_before: member.isActive,
        is_active_after: after?.is_active ?? member.isActive,
      },
      at: now,
    })
    return after as Member
  })
}

async function changeTins(db: DbOrTx, orgId: string, member: MemberRow, tinIds: string[], at: Date) {
  if (!needsTinSelection(member.role)) throw fieldError('tin_ids', MEMBER_MESSAGES.adminsHaveAllTins)
  const chosen = [...new Set(tinIds)]
  if (chosen.length === 0) throw fieldError('tin_ids', MEMBER_MESSAGES.selectTin)
  const active = new Set((await activeTinsOfOrganization(db, orgId)).map((tin) => tin.id))
  if (chosen.some((id) => !active.has(id)))
    throw fieldError('tin_ids', 'Choose active TINs of your organization')
  await replaceMemberTins(db, member.id, chosen, at)
}

async function changeActive(db: DbOrTx, source: Actor, member: MemberRow, active: boolean, at: Date) {
  if (!active && member.id === source.principal.userId)
    throw fieldError('is_active', MEMBER_MESSAGES.notYourself)
  await setMemberActive(db, member.id, active)
  // Signed out everywhere, this moment: their access tokens belong to the sessions ended here.
  if (!active) await endUserSessions(db, member.id, at)
}

/** Every member of the organisation, active or not, as stored (for the team's seats). */
export const membersOf = (db: DbOrTx, organizationId: string): Promise<MemberRow[]> =>
  selectMembers(db, organizationId)

/** How many of the organisation's members can sign in: the seats they hold. */
export const activeMemberCount = (db: DbOrTx, organizationId: string): Promise<number> =>
  countActiveMembers(db, organizationId)
