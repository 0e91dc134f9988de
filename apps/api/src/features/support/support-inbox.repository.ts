// Queries of the admin support inbox. Each takes the reader's scope (an organisation id, or null for the
// platform) so a request outside it is simply not found.
import { ADMIN_GROUPS } from '@blueconsent/contract/shared'
import { and, asc, count, desc, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../platform/db/client.ts'
import { supportReplies, supportRequests } from '../../platform/db/schema/account.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { userGroups, users } from '../../platform/db/schema/users.ts'

/** null: the whole platform; otherwise the one organisation an admin-group member administers. */
export type InboxScope = string | null
export type InboxFilter = {
  scope: InboxScope
  status?: 'new' | 'answered' | 'closed'
  /** An administrator's id, or null for requests nobody took yet. */
  assigneeId?: string | null
}

const assignee = alias(users, 'assignee')

const inScope = (scope: InboxScope): SQL =>
  scope === null ? sql`true` : eq(supportRequests.organizationId, scope)

function conditions(filter: InboxFilter): SQL | undefined {
  const all: SQL[] = [inScope(filter.scope)]
  if (filter.status) all.push(eq(supportRequests.status, filter.status))
  if (filter.assigneeId === null) all.push(isNull(supportRequests.assigneeId))
  else if (filter.assigneeId !== undefined) all.push(eq(supportRequests.assigneeId, filter.assigneeId))
  return and(...all)
}

const columns = {
  request: supportRequests,
  organizationName: organizations.name,
  assigneeFirstName: assignee.firstName,
  assigneeLastName: assignee.lastName,
  assigneeEmail: assignee.email,
}

export type InboxRow = {
  request: typeof supportRequests.$inferSelect
  organizationName: string | null
  assigneeFirstName: string | null
  assigneeLastName: string | null
  assigneeEmail: string | null
}

export async function countInbox(db: DbOrTx, filter: InboxFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(supportRequests).where(conditions(filter))
  return row?.n ?? 0
}

export async function selectInbox(
  db: DbOrTx,
  filter: InboxFilter,
  limit: number,
  offset: number,
): Promise<InboxRow[]> {
  return db
    .select(columns)
    .from(supportRequests)
    .leftJoin(organizations, eq(organizations.id, supportRequests.organizationId))
    .leftJoin(assignee, eq(assignee.id, supportRequests.assigneeId))
    .where(conditions(filter))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(limit)
    .offset(offset)
}

/** The request in scope, locked when `forUpdate` (actions change it). */
export async function findInboxRequest(
  db: DbOrTx,
  scope: InboxScope,
  id: string,
  forUpdate = false,
): Promise<InboxRow | null> {
  const query = db
    .select(columns)
    .from(supportRequests)
    .leftJoin(organizations, eq(organizations.id, supportRequests.organizationId))
    .leftJoin(assignee, eq(assignee.id, supportRequests.assigneeId))
    .where(and(inScope(scope), eq(supportRequests.id, id)))
  const [row] = forUpdate ? await query.for('update', { of: supportRequests }) : await query
  return row ?? null
}

export async function senderAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, userId))
  return row ?? null
}

export async function repliesOf(db: DbOrTx, requestId: string) {
  return db
    .select({
      id: supportReplies.id,
      bodyEncrypted: supportReplies.bodyEncrypted,
      createdAt: supportReplies.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(supportReplies)
    .leftJoin(users, eq(users.id, supportReplies.authorId))
    .where(eq(supportReplies.requestId, requestId))
    .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id))
}

export async function insertReply(
  db: DbOrTx,
  values: { requestId: string; authorId: string; bodyEncrypted: string; createdAt: Date },
): Promise<string> {
  const [row] = await db.insert(supportReplies).values(values).returning({ id: supportReplies.id })
  if (!row) throw new Error('support reply insert returned no row')
  return row.id
}

export type RequestChange = Partial<{
  status: 'new' | 'answered' | 'closed'
  assigneeId: string | null
  answeredAt: Date | null
  closedAt: Date | null
}>

export async function updateRequest(db: DbOrTx, id: string, change: RequestChange): Promise<void> {
  await db.update(supportRequests).set(change).where(eq(supportRequests.id, id))
}

/**
 * Active administrators who may look after requests of `organizationId` (null: a public request): the
 * platform's superusers, and for an organisation's request its own admin-group members. `viewerScope` narrows
 * it to what the choosing admin administers (an organisation admin never sees the platform's staff).
 */
export async function selectAdmins(
  db: DbOrTx,
  viewerScope: InboxScope,
  organizationId: string | null | undefined,
) {
  const inGroup = exists(
    db
      .select({ one: sql`1` })
      .from(userGroups)
      .where(and(eq(userGroups.userId, users.id), inArray(userGroups.name, [...ADMIN_GROUPS]))),
  )
  // undefined: any organisation's admins (the inbox's assignee filter).
  const organisationAdmin =
    organizationId === null
      ? sql`false`
      : organizationId === undefined
        ? inGroup
        : and(inGroup, eq(users.organizationId, organizationId))
  const who = viewerScope === null ? or(eq(users.isSuperuser, true), organisationAdmin) : organisationAdmin
  const scoped = viewerScope === null ? sql`true` : eq(users.organizationId, viewerScope)
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.isActive, true), scoped, who))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(200)
}
