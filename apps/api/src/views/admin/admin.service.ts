// The rules of the admin area. Every read and change is filtered by the admin's scope (a superuser: the
// platform; an admin-group member: their own organisation), so anything outside it is 404. Only a superuser
// grants superuser-ish things (the ADMIN role, the 'Admin' group), and the last active superuser is never
// deactivated or demoted. Every action is audited, and every change is written in one transaction with its
// audit row.
import {
  ADMIN_MESSAGES,
  type AdminAddress,
  type AdminOrganization,
  type AdminOrganizationList,
  type AdminOverview,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserList,
  type AdminUserOrdering,
} from '@blueconsent/contract/admin'
import { needsTinSelection } from '@blueconsent/contract/invitations'
import {
  ADMIN_GROUPS,
  isAdminRole,
  isValidPatientId,
  roleFitsOrganizationType,
  type OrganizationType,
  type Role,
} from '@blueconsent/contract/shared'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import type { DbOrTx } from '../../platform/db/client.ts'
import { AppError, notFound } from '../../platform/errors.ts'
import { decrypt, encrypt } from '../../platform/lib/crypto.ts'
import { adminScopeOf } from '../../platform/access/access.ts'
import { writeAudit } from '../../platform/audit/index.ts'
import { endAppGrants, endOrganizationSessions, endUserSessions } from '../../platform/identity/index.ts'
import { requestStatusCounts } from '../../features/authorization-requests/index.ts'
import { pastDueAccounts, subscriptionStatuses } from '../../features/billing/index.ts'
import { resumeHeldPulls } from '../../features/ingestion/index.ts'
import { countFailedMessages, releaseHeldMessages } from '../../platform/outbox/index.ts'
import { requestPasswordReset } from '../../features/passwords/index.ts'
import { resendVerification } from '../../features/signup/index.ts'
import { waitingSupportRequests } from '../../features/support/index.ts'
import {
  countActiveSuperusers,
  countActiveUsers,
  countOrganizationFigures,
  countOrganizations,
  countUsers,
  findOrganization,
  findUser,
  groupsOf,
  insertOrganization,
  liveSessions,
  recentAuditOf,
  replaceGroups,
  selectOrganizations,
  selectUsers,
  setActive,
  setRole,
  tinsOfUser,
  twoFactorEnabled,
  updateOrganization,
  type AdminOrganizationRow,
  type AdminUserRow,
  type OrganizationChange,
  type ScopeId,
  type UserFilter,
} from './admin.repository.ts'

type Page = { page: number; pageSize: number; path: string }
type Details = Record<string, string | number | boolean | null | string[]>

const badRequest = (detail: string): AppError => new AppError(400, 'validation_error', detail)

/** null for a superuser (every organisation); else the admin's own organisation id. */
function scopeIdOf(source: Actor): ScopeId {
  const scope = adminScopeOf(source.principal)
  if (scope.kind === 'platform') return null
  // An admin-group member without an organisation administers nothing: a scope no row matches.
  return scope.organizationId ?? '00000000-0000-0000-0000-000000000000'
}

const isPlatform = (source: Actor): boolean => source.principal.isSuperuser

async function audit(
  ctx: AppContext,
  db: DbOrTx,
  source: Actor,
  action: string,
  target: { type: 'user' | 'organization' | 'admin'; id: string | null },
  details?: Details,
): Promise<void> {
  await writeAudit(db, source, {
    action,
    patientId: null,
    targetType: target.type,
    targetId: target.id,
    ...(details ? { details } : {}),
    at: ctx.clock(),
  })
}

function paged<T>(count: number, results: T[], { page, pageSize, path }: Page, query: string) {
  const url = (n: number) => `${path}?page=${n}&page_size=${pageSize}${query}`
  return {
    count,
    next: page * pageSize < count ? url(page + 1) : null,
    previous: page > 1 ? url(page - 1) : null,
    results,
  }
}

const keptQuery = (query: Record<string, string | undefined>): string =>
  Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `&${key}=${encodeURIComponent(value ?? '')}`)
    .join('')

// Overview.

export async function adminOverview(ctx: AppContext, source: Actor): Promise<AdminOverview> {
  const scope = scopeIdOf(source)
  const [organizations, activeUsers, requests, support, pastDue, failedOutbox] = await Promise.all([
    countOrganizationFigures(ctx.db, scope),
    countActiveUsers(ctx.db, scope),
    requestStatusCounts(ctx.db, scope),
    waitingSupportRequests(ctx.db, scope),
    pastDueAccounts(ctx.db, scope),
    // Outgoing messages carry no organisation: only the platform's administrators see their failures.
    scope === null ? countFailedMessages(ctx.db) : Promise.resolve(null),
  ])
  await audit(ctx, ctx.db, source, 'admin.overview_read', { type: 'admin', id: null })
  return {
    scope: scope === null ? 'platform' : 'organization',
    organizations: organizations.total,
    active_users: activeUsers,
    requests_by_status: requests.by_status,
    failed_ingestions: requests.failed_ingestions,
    failed_outbox_messages: failedOutbox,
    support_requests_waiting: support,
    organizations_setup_unfinished: organizations.unfinished,
    billing_past_due: pastDue,
  }
}

// Users.

function toUser(row: AdminUserRow, groups: string[]): AdminUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role,
    organization_id: row.organizationId,
    organization_name: row.organizationName,
    is_active: row.isActive,
    is_superuser: row.isSuperuser,
    groups,
    date_joined: row.dateJoined.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  }
}

export type UserListQuery = {
  search?: string
  role?: Role
  organization_id?: string
  status?: 'active' | 'inactive'
  ordering: AdminUserOrdering
}

export async function listUsers(
  ctx: AppContext,
  source: Actor,
  query: UserListQuery,
  page: Page,
): Promise<AdminUserList> {
  const filter: UserFilter = {
    scope: scopeIdOf(source),
    search: query.search,
    role: query.role,
    organizationId: query.organization_id,
    active: query.status === undefined ? undefined : query.status === 'active',
  }
  const total = await countUsers(ctx.db, filter)
  const rows = await selectUsers(
    ctx.db,
    filter,
    query.ordering,
    page.pageSize,
    (page.page - 1) * page.pageSize,
  )
  const groups = await groupsOf(
    ctx.db,
    rows.map((row) => row.id),
  )
  // The search text may be a person's name: the audit row records which filters were used, not their values.
  await audit(
    ctx,
    ctx.db,
    source,
    'admin.user_list',
    { type: 'admin', id: null },
    {
      filters: Object.keys(query).filter((key) => query[key as keyof UserListQuery] !== undefined),
      results: rows.length,
    },
  )
  const { search, role, organization_id, status, ordering } = query
  return paged(
    total,
    rows.map((row) => toUser(row, groups.get(row.id) ?? [])),
    page,
    keptQuery({ search, role, organization_id, status, ordering }),
  )
}

async function loadUser(db: DbOrTx, source: Actor, userId: string): Promise<AdminUserRow> {
  if (!isValidPatientId(userId)) throw notFound()
  const row = await findUser(db, scopeIdOf(source), userId)
  if (!row) throw notFound()
  return row
}

async function detailOf(ctx: AppContext, row: AdminUserRow): Promise<AdminUserDetail> {
  const [groups, tins, twoFactor, sessions, signIns, activity] = await Promise.all([
    groupsOf(ctx.db, [row.id]),
    tinsOfUser(ctx.db, row),
    twoFactorEnabled(ctx.db, row.id),
    liveSessions(ctx.db, row.id),
    recentAuditOf(ctx.db, row.id, true, 10),
    recentAuditOf(ctx.db, row.id, false, 20),
  ])
  return {
    ...toUser(row, groups.get(row.id) ?? []),
    organization_type: row.organizationType,
    email_verified: row.emailVerifiedAt !== null,
    all_tins: row.allTins,
    tins: tins.map((tin) => ({
      id: tin.id,
      provider_org_name: tin.providerOrgName,
      masked_value: tin.masked,
    })),
    two_factor_enabled: twoFactor,
    active_sessions: sessions.map((session) => ({
      id: session.familyId,
      started_at: session.startedAt.toISOString(),
      last_used_at: session.lastUsedAt?.toISOString() ?? null,
      user_agent: session.userAgent,
      ip_address: session.ipAddress,
    })),
    recent_sign_ins: signIns.map((entry) => ({ at: entry.at.toISOString(), ip_address: entry.ipAddress })),
    recent_activity: activity.map((entry) => ({
      at: entry.at.toISOString(),
      action: entry.action,
      target_type: entry.targetType,
    })),
  }
}

export async function getUser(ctx: AppContext, source: Actor, userId: string): Promise<AdminUserDetail> {
  const row = await loadUser(ctx.db, source, userId)
  await audit(ctx, ctx.db, source, 'admin.user_read', { type: 'user', id: row.id })
  return detailOf(ctx, row)
}

/** The last active superuser keeps their access: otherwise nobody could administer the platform. */
async function refuseLosingLastSuperuser(db: DbOrTx, row: AdminUserRow): Promise<void> {
  if (!row.isSuperuser || !row.isActive) return
  if ((await countActiveSuperusers(db)) <= 1) throw badRequest(ADMIN_MESSAGES.lastPlatformAdmin)
}

export async function changeRole(
  ctx: AppContext,
  source: Actor,
  userId: string,
  role: Role,
): Promise<AdminUserDetail> {
  await ctx.db.transaction(async (tx) => {
    const row = await loadUser(tx, source, userId)
    if ((role === 'ADMIN' || row.role === 'ADMIN') && !isPlatform(source))
      throw new AppError(403, 'permission_denied', ADMIN_MESSAGES.superuserOnly)
    if (role !== 'ADMIN' && !roleFitsOrganizationType(role, row.organizationType))
      throw badRequest(ADMIN_MESSAGES.roleDoesNotFit)
    if (role !== 'ADMIN') await refuseLosingLastSuperuser(tx, row)
    // The TIN scope follows the role, as for an invited user: an admin (or a role not limited to TINs) sees
    // every TIN; a role limited to TINs sees only those assigned, and a demoted admin starts with none.
    const allTins = !needsTinSelection(role)
    await setRole(tx, row.id, {
      role,
      isSuperuser: role === 'ADMIN',
      allTins,
      clearTins: row.allTins && !allTins,
    })
    // A demoted admin leaves the admin groups too: the admin guard reads them, and it follows the role.
    const groupsBefore = (await groupsOf(tx, [row.id])).get(row.id) ?? []
    const groupsAfter =
      isAdminRole(row.role) && !isAdminRole(role)
        ? groupsBefore.filter((name) => !(ADMIN_GROUPS as readonly string[]).includes(name))
        : groupsBefore
    if (groupsAfter.length !== groupsBefore.length)
      await replaceGroups(tx, row.id, groupsAfter, source.principal.userId, ctx.clock())
    // What the user let apps do was granted under the old role: a new role starts without app grants.
    if (role !== row.role) await endAppGrants(tx, row.id, ctx.clock())
    await audit(
      ctx,
      tx,
      source,
      'admin.user_role_change',
      { type: 'user', id: row.id },
      {
        role_before: row.role,
        role_after: role,
        all_tins_before: row.allTins,
        all_tins_after: allTins,
        groups_before: groupsBefore,
        groups_after: groupsAfter,
      },
    )
  })
  return getUser(ctx, source, userId)
}

export async function changeGroups(
  ctx: AppContext,
  source: Actor,
  userId: string,
  names: readonly string[],
): Promise<AdminUserDetail> {
  const wanted = [...new Set(names)].sort()
  await ctx.db.transaction(async (tx) => {
    const row = await loadUser(tx, source, userId)
    const before = (await groupsOf(tx, [row.id])).get(row.id) ?? []
    const touchesAdmin = before.includes('Admin') !== wanted.includes('Admin')
    if (touchesAdmin && !isPlatform(source))
      throw new AppError(403, 'permission_denied', ADMIN_MESSAGES.superuserOnly)
    await replaceGroups(tx, row.id, wanted, source.principal.userId, ctx.clock())
    await audit(
      ctx,
      tx,
      source,
      'admin.user_groups_change',
      { type: 'user', id: row.id },
      {
        groups_before: before,
        groups_after: wanted,
      },
    )
  })
  return getUser(ctx, source, userId)
}

/** Deactivation refuses every session at once: the user's next call with an old token answers 401. */
export async function setUserActive(
  ctx: AppContext,
  source: Actor,
  userId: string,
  active: boolean,
): Promise<AdminUserDetail> {
  await ctx.db.transaction(async (tx) => {
    const row = await loadUser(tx, source, userId)
    if (!active && row.id === source.principal.userId) throw badRequest(ADMIN_MESSAGES.notYourself)
    if (!active) await refuseLosingLastSuperuser(tx, row)
    await setActive(tx, row.id, active)
    if (!active) await endUserSessions(tx, row.id, ctx.clock())
    const action = active ? 'admin.user_reactivate' : 'admin.user_deactivate'
    await audit(ctx, tx, source, action, { type: 'user', id: row.id }, { is_active_before: row.isActive })
  })
  return getUser(ctx, source, userId)
}

export async function sendPasswordReset(
  ctx: AppContext,
  source: Actor,
  userId: string,
): Promise<{ detail: string }> {
  const row = await loadUser(ctx.db, source, userId)
  if (!row.isActive) throw badRequest(ADMIN_MESSAGES.inactiveUser)
  await requestPasswordReset(ctx, row.email)
  await audit(ctx, ctx.db, source, 'admin.user_password_reset', { type: 'user', id: row.id })
  return { detail: ADMIN_MESSAGES.resetSent }
}

export async function resendUserVerification(
  ctx: AppContext,
  source: Actor,
  userId: string,
): Promise<{ detail: string }> {
  const row = await loadUser(ctx.db, source, userId)
  if (!row.isActive) throw badRequest(ADMIN_MESSAGES.inactiveUser)
  if (row.emailVerifiedAt) throw badRequest(ADMIN_MESSAGES.alreadyVerified)
  await resendVerification(ctx, row.email)
  await audit(ctx, ctx.db, source, 'admin.user_verification_resend', { type: 'user', id: row.id })
  return { detail: ADMIN_MESSAGES.verificationSent }
}

// Organisations.

type Profile = Record<string, unknown>

const profileOf = (ctx: AppContext, row: { profileEncrypted: string | null }): Profile =>
  row.profileEncrypted ? (JSON.parse(decrypt(ctx.keys, row.profileEncrypted)) as Profile) : {}

/** The setup wizard keeps an ACO's address as primary_address and the others' as address. */
const addressKeyOf = (profile: Profile): string =>
  'primary_address' in profile ? 'primary_address' : 'address'

function addressOf(profile: Profile): AdminAddress | null {
  const value = profile[addressKeyOf(profile)] as Partial<AdminAddress> | undefined
  if (!value || typeof value !== 'object') return null
  return {
    street: value.street ?? '',
    city: value.city ?? '',
    state: value.state ?? '',
    zip: value.zip ?? '',
  }
}

function toOrganization(
  ctx: AppContext,
  row: AdminOrganizationRow,
  billing: string | null,
): AdminOrganization {
  return {
    id: row.id,
    name: row.name,
    organization_type: row.organizationType,
    is_active: row.isActive,
    member_count: Number(row.memberCount),
    active_member_count: Number(row.activeMemberCount),
    tin_count: Number(row.tinCount),
    billing_status: billing,
    setup_completed_at: row.setupCompletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    address: addressOf(profileOf(ctx, row)),
  }
}

export async function listOrganizations(
  ctx: AppContext,
  source: Actor,
  query: { search?: string },
  page: Page,
): Promise<AdminOrganizationList> {
  const scope = scopeIdOf(source)
  const total = await countOrganizations(ctx.db, scope, query.search)
  const rows = await selectOrganizations(
    ctx.db,
    scope,
    query.search,
    page.pageSize,
    (page.page - 1) * page.pageSize,
  )
  const billing = await subscriptionStatuses(
    ctx.db,
    rows.map((row) => row.id),
  )
  await audit(
    ctx,
    ctx.db,
    source,
    'admin.organization_list',
    { type: 'admin', id: null },
    { results: rows.length },
  )
  return paged(
    total,
    rows.map((row) => toOrganization(ctx, row, billing.get(row.id) ?? null)),
    page,
    keptQuery({ search: query.search }),
  )
}

async function loadOrganization(db: DbOrTx, source: Actor, id: string): Promise<AdminOrganizationRow> {
  if (!isValidPatientId(id)) throw notFound()
  const row = await findOrganization(db, scopeIdOf(source), id)
  if (!row) throw notFound()
  return row
}

async function organizationView(ctx: AppContext, db: DbOrTx, row: AdminOrganizationRow) {
  const billing = await subscriptionStatuses(db, [row.id])
  return toOrganization(ctx, row, billing.get(row.id) ?? null)
}

export async function getOrganization(
  ctx: AppContext,
  source: Actor,
  id: string,
): Promise<AdminOrganization> {
  const row = await loadOrganization(ctx.db, source, id)
  await audit(ctx, ctx.db, source, 'admin.organization_read', { type: 'organization', id: row.id })
  return organizationView(ctx, ctx.db, row)
}

export type OrganizationInput = {
  name?: string
  organization_type?: OrganizationType
  address?: AdminAddress | null
  is_active?: boolean
  reason?: string
}

function profileWithAddress(ctx: AppContext, current: Profile, address: AdminAddress | null): string | null {
  const profile = { ...current, [addressKeyOf(current)]: address }
  return encrypt(ctx.keys, JSON.stringify(profile))
}

export async function createOrganization(
  ctx: AppContext,
  source: Actor,
  input: Required<Pick<OrganizationInput, 'name' | 'organization_type' | 'is_active'>> & OrganizationInput,
): Promise<AdminOrganization> {
  // Creating organisations is the platform's business; an organisation admin has only their own.
  if (!isPlatform(source)) throw new AppError(403, 'permission_denied', ADMIN_MESSAGES.superuserOnly)
  return ctx.db.transaction(async (tx) => {
    const id = await insertOrganization(tx, {
      name: input.name,
      organizationType: input.organization_type,
      isActive: input.is_active,
      profileEncrypted: input.address ? profileWithAddress(ctx, {}, input.address) : null,
      createdAt: ctx.clock(),
    })
    await audit(
      ctx,
      tx,
      source,
      'admin.organization_create',
      { type: 'organization', id },
      {
        organization_type: input.organization_type,
      },
    )
    return organizationView(ctx, tx, await loadOrganization(tx, source, id))
  })
}

function changeOf(ctx: AppContext, row: AdminOrganizationRow, input: OrganizationInput): OrganizationChange {
  const change: OrganizationChange = {}
  if (input.name !== undefined) change.name = input.name
  if (input.organization_type !== undefined) change.organizationType = input.organization_type
  if (input.is_active !== undefined) change.isActive = input.is_active
  if (input.address !== undefined)
    change.profileEncrypted = profileWithAddress(ctx, profileOf(ctx, row), input.address)
  return change
}

/** The type decides which roles fit the members, and the active flag is the platform's: only it changes them. */
const changesPlatformFields = (row: AdminOrganizationRow, input: OrganizationInput): boolean =>
  (input.organization_type !== undefined && input.organization_type !== row.organizationType) ||
  (input.is_active !== undefined && input.is_active !== row.isActive)

export async function editOrganization(
  ctx: AppContext,
  source: Actor,
  id: string,
  input: OrganizationInput,
): Promise<AdminOrganization> {
  return ctx.db.transaction(async (tx) => {
    const row = await loadOrganization(tx, source, id)
    if (changesPlatformFields(row, input) && !isPlatform(source))
      throw new AppError(403, 'permission_denied', ADMIN_MESSAGES.superuserOnly)
    const { reason, ...fields } = input
    await updateOrganization(tx, row.id, changeOf(ctx, row, fields))
    await audit(
      ctx,
      tx,
      source,
      'admin.organization_update',
      { type: 'organization', id: row.id },
      {
        fields: Object.keys(fields),
      },
    )
    if (input.is_active !== undefined && input.is_active !== row.isActive)
      await changeOrganizationActive(ctx, tx, source, row, input.is_active, reason ?? null)
    return organizationView(ctx, tx, await loadOrganization(tx, source, id))
  })
}

/** A consent link lives 7 days: a message held longer than that would reach the patient with a dead link. */
const HELD_MESSAGE_MAX_AGE_DAYS = 7

/**
 * Deactivation ends access at once, as for a deactivated user, for everyone in the organisation: sign-in is
 * refused, every session ends (the access check reads the organisation's flag on every request, OAuth tokens
 * included), and its messages and pulls are held where they are. Reactivation lets its members sign in again
 * and sends on what was held. Both are audited with who did it and why.
 */
async function changeOrganizationActive(
  ctx: AppContext,
  tx: DbOrTx,
  source: Actor,
  row: AdminOrganizationRow,
  active: boolean,
  reason: string | null,
): Promise<void> {
  const target = { type: 'organization', id: row.id } as const
  if (!active) {
    if (row.id === source.principal.organizationId) throw badRequest(ADMIN_MESSAGES.notYourOrganization)
    await endOrganizationSessions(tx, row.id, ctx.clock())
    await audit(ctx, tx, source, 'admin.organization_deactivate', target, { reason })
    return
  }
  const messages = await releaseHeldMessages(ctx, tx, row.id, HELD_MESSAGE_MAX_AGE_DAYS)
  const pulls = await resumeHeldPulls(ctx, tx, row.id)
  await audit(ctx, tx, source, 'admin.organization_reactivate', target, {
    reason,
    messages_released: messages.released,
    messages_expired: messages.expired,
    pulls_resumed: pulls,
  })
}
