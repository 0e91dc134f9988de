import { and, desc, eq, gt, inArray, ne, or, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { authorizationRequests } from '../../platform/db/schema/authorization-requests.ts'
import { messageTemplateVersions } from '../../platform/db/schema/reference-data.ts'
import { organizations } from '../../platform/db/schema/organizations.ts'
import { users } from '../../platform/db/schema/users.ts'
import type { RequestRow } from '../authorization-requests/index.ts'

export type RequesterCopy = { name: string; email: string; organizationName: string }

/** The columns a requester's copy is made from (the user joined to their organisation). */
const REQUESTER_COPY_COLUMNS = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  organizationName: organizations.name,
}

/** The staff member's name and organisation as the patient will read them. */
export async function findRequesterCopy(db: DbOrTx, userId: string): Promise<RequesterCopy> {
  const [row] = await db
    .select(REQUESTER_COPY_COLUMNS)
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
  if (!row) throw new Error('requester not found')
  return requesterCopyOf(row)
}

type RequesterCopyRow = {
  firstName: string
  lastName: string
  email: string
  organizationName: string | null
}

const requesterCopyOf = (row: RequesterCopyRow): RequesterCopy => ({
  name: `${row.firstName} ${row.lastName}`.trim() || 'A care team member',
  email: row.email,
  organizationName: row.organizationName ?? 'BlueConsent',
})

/**
 * The requester's copy and the newest saved wording of one template (null while only the built-in copy
 * exists), in one round trip: what an invite reads before it is written.
 */
export async function findRequesterCopyAndWording(
  db: DbOrTx,
  userId: string,
  template: { key: string; channel: 'email' | 'sms'; language: 'en' | 'es' },
): Promise<{ requester: RequesterCopy; wording: { subject: string | null; body: string } | null }> {
  const newest = db
    .select({
      wording: sql`json_build_object('subject', ${messageTemplateVersions.subject}, 'body', ${messageTemplateVersions.body})`,
    })
    .from(messageTemplateVersions)
    .where(
      and(
        eq(messageTemplateVersions.templateKey, template.key),
        eq(messageTemplateVersions.channel, template.channel),
        eq(messageTemplateVersions.language, template.language),
      ),
    )
    .orderBy(desc(messageTemplateVersions.version))
    .limit(1)
  const [row] = await db
    .select({
      ...REQUESTER_COPY_COLUMNS,
      wording: sql<{ subject: string | null; body: string } | null>`(${newest})`,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId))
  if (!row) throw new Error('requester not found')
  return { requester: requesterCopyOf(row), wording: row.wording }
}

/** Requests texted to this number that still wait for the patient, newest first (locked for the answer). */
export async function findOpenSmsRequests(db: DbOrTx, contactHash: string, now: Date): Promise<RequestRow[]> {
  return db
    .select()
    .from(authorizationRequests)
    .where(
      and(
        eq(authorizationRequests.contactHash, contactHash),
        eq(authorizationRequests.contactMethod, 'phone'),
        inArray(authorizationRequests.status, ['consent_pending', 'pending']),
        or(isNull(authorizationRequests.smsConsent), ne(authorizationRequests.smsConsent, 'opted_out')),
        or(isNull(authorizationRequests.expiresAt), gt(authorizationRequests.expiresAt, now)),
      ),
    )
    .orderBy(desc(authorizationRequests.createdAt), desc(authorizationRequests.id))
    .for('update')
}
