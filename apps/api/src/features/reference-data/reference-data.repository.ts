// Queries of the saved message template versions. The built-in copy (version 0) is code in messaging; only
// administrators' saves are rows.
import { and, desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { messageTemplateVersions } from '../../platform/db/schema/reference-data.ts'
import { users } from '../../platform/db/schema/users.ts'

export type TemplateId = { key: string; channel: 'email' | 'sms'; language: 'en' | 'es' }

const sameTemplate = (id: TemplateId) =>
  and(
    eq(messageTemplateVersions.templateKey, id.key),
    eq(messageTemplateVersions.channel, id.channel),
    eq(messageTemplateVersions.language, id.language),
  )

/** Every saved version of one template, newest first, with who saved it. */
export async function selectVersions(db: DbOrTx, id: TemplateId, limit = 200) {
  return db
    .select({
      version: messageTemplateVersions.version,
      subject: messageTemplateVersions.subject,
      body: messageTemplateVersions.body,
      createdAt: messageTemplateVersions.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(messageTemplateVersions)
    .leftJoin(users, eq(users.id, messageTemplateVersions.createdBy))
    .where(sameTemplate(id))
    .orderBy(desc(messageTemplateVersions.version))
    .limit(limit)
}

export async function newestVersionNumber(db: DbOrTx, id: TemplateId): Promise<number> {
  const [row] = await db
    .select({ version: messageTemplateVersions.version })
    .from(messageTemplateVersions)
    .where(sameTemplate(id))
    .orderBy(desc(messageTemplateVersions.version))
    .limit(1)
  return row?.version ?? 0
}

/** The new row's version, or null when another save took that number first (the caller tries the next). */
export async function insertVersion(
  db: DbOrTx,
  id: TemplateId,
  values: { version: number; subject: string | null; body: string; createdBy: string; createdAt: Date },
): Promise<number | null> {
  const [row] = await db
    .insert(messageTemplateVersions)
    .values({ templateKey: id.key, channel: id.channel, language: id.language, ...values })
    .onConflictDoNothing()
    .returning({ version: messageTemplateVersions.version })
  return row?.version ?? null
}
