// Queries for patient notes; bodies arrive and leave encrypted.
import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../platform/db/client.ts'
import { patientNotes } from '../../platform/db/schema/patient-notes.ts'
import { users } from '../../platform/db/schema/users.ts'

export type NoteRow = typeof patientNotes.$inferSelect
/** One note, or every note of a patient in its organisation. */
export type NoteFilter = { noteId: string } | { patientId: string; organizationId: string }

const noteWhere = (filter: NoteFilter): SQL | undefined =>
  'noteId' in filter
    ? eq(patientNotes.id, filter.noteId)
    : and(
        eq(patientNotes.patientId, filter.patientId),
        eq(patientNotes.organizationId, filter.organizationId),
      )

/** Notes with their author's name, newest first. */
export async function selectNotes(db: DbOrTx, filter: NoteFilter, limit: number, offset: number) {
  return db
    .select({ note: patientNotes, firstName: users.firstName, lastName: users.lastName })
    .from(patientNotes)
    .leftJoin(users, eq(users.id, patientNotes.authorUserId))
    .where(noteWhere(filter))
    .orderBy(desc(patientNotes.createdAt), desc(patientNotes.id))
    .limit(limit)
    .offset(offset)
}

export async function countNotes(db: DbOrTx, filter: NoteFilter): Promise<number> {
  const [totals] = await db.select({ total: count() }).from(patientNotes).where(noteWhere(filter))
  return totals?.total ?? 0
}

export async function insertNote(db: DbOrTx, row: typeof patientNotes.$inferInsert): Promise<NoteRow> {
  const [inserted] = await db.insert(patientNotes).values(row).returning()
  if (!inserted) throw new Error('note insert returned no row')
  return inserted
}

export async function findNoteOfPatient(
  db: DbOrTx,
  noteId: string,
  patientId: string,
): Promise<NoteRow | undefined> {
  const [row] = await db
    .select()
    .from(patientNotes)
    .where(and(eq(patientNotes.id, noteId), eq(patientNotes.patientId, patientId)))
  return row
}

export async function updateNoteBody(db: DbOrTx, id: string, bodyEncrypted: string, at: Date): Promise<void> {
  await db.update(patientNotes).set({ bodyEncrypted, updatedAt: at }).where(eq(patientNotes.id, id))
}

export async function deleteNoteRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(patientNotes).where(eq(patientNotes.id, id))
}
