// Per-patient notes: providers ('patients.edit_notes') write, everyone who may
// see the patient reads. A note is changed or deleted by its author or an organisation admin. Bodies are
// encrypted at rest and never written to the audit log.
import { type Note } from '@blueconsent/contract/patients'
import { isAdminRole, isValidPatientId } from '@blueconsent/contract/shared'
import { type Actor } from '../../platform/identity/index.ts'
import type { AppContext } from '../../platform/context.ts'
import { notFound, permissionDenied } from '../../platform/errors.ts'
import { decrypt, encrypt } from '../../platform/lib/crypto.ts'
import { accessReason, writeAudit } from '../../platform/audit/index.ts'
import {
  countNotes,
  deleteNoteRow,
  findNoteOfPatient,
  insertNote,
  selectNotes as selectNoteRows,
  updateNoteBody,
  type NoteFilter,
  type NoteRow,
} from './notes.repository.ts'
import { loadPatient } from './patients.service.ts'

type Author = { firstName: string | null; lastName: string | null }

function toNote(ctx: AppContext, row: NoteRow, author: Author | null): Note {
  const name = [author?.firstName, author?.lastName].filter(Boolean).join(' ')
  return {
    id: row.id,
    patient_id: row.patientId,
    body: decrypt(ctx.keys, row.bodyEncrypted),
    author: { id: row.authorUserId, name: name === '' ? 'Former user' : name },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

async function selectNotes(ctx: AppContext, filter: NoteFilter, limit: number, offset: number) {
  const rows = await selectNoteRows(ctx.db, filter, limit, offset)
  return rows.map((row) => toNote(ctx, row.note, row))
}

export async function listNotes(
  ctx: AppContext,
  source: Actor,
  patientId: string,
  page: number,
  pageSize: number,
  path: string,
) {
  const { row: patient, authorizationId } = await loadPatient(ctx, source, patientId)
  const where: NoteFilter = { patientId: patient.id, organizationId: patient.organizationId }
  const total = await countNotes(ctx.db, where)
  await writeAudit(ctx.db, source, {
    action: 'patient_note.list',
    patientId: patient.id,
    details: { notes: total },
    reason: accessReason(authorizationId),
    at: ctx.clock(),
  })
  const pageUrl = (n: number): string => `${path}?page=${n}&page_size=${pageSize}`
  return {
    count: total,
    next: page * pageSize < total ? pageUrl(page + 1) : null,
    previous: page > 1 ? pageUrl(page - 1) : null,
    results: await selectNotes(ctx, where, pageSize, (page - 1) * pageSize),
  }
}

export async function createNote(
  ctx: AppContext,
  source: Actor,
  patientId: string,
  body: string,
): Promise<Note> {
  const { row: patient, authorizationId } = await loadPatient(ctx, source, patientId)
  const now = ctx.clock()
  const row = await insertNote(ctx.db, {
    organizationId: patient.organizationId,
    patientId: patient.id,
    authorUserId: source.principal.userId,
    bodyEncrypted: encrypt(ctx.keys, body),
    createdAt: now,
    updatedAt: now,
  })
  await writeAudit(ctx.db, source, {
    action: 'patient_note.create',
    patientId: patient.id,
    targetType: 'patient_note',
    targetId: row.id,
    reason: accessReason(authorizationId),
    at: now,
  })
  const [note] = await selectNotes(ctx, { noteId: row.id }, 1, 0)
  if (!note) throw notFound()
  return note
}

/** A note the caller may change, with the caller's active authorization for its patient (null: none). */
async function loadOwnNote(
  ctx: AppContext,
  source: Actor,
  patientId: string,
  noteId: string,
): Promise<{ row: NoteRow; authorizationId: string | null }> {
  const { row: patient, authorizationId } = await loadPatient(ctx, source, patientId)
  if (!isValidPatientId(noteId)) throw notFound()
  const row = await findNoteOfPatient(ctx.db, noteId, patient.id)
  if (!row) throw notFound()
  const { principal } = source
  if (row.authorUserId !== principal.userId && !isAdminRole(principal.role)) throw permissionDenied()
  return { row, authorizationId }
}

export async function updateNote(
  ctx: AppContext,
  source: Actor,
  patientId: string,
  noteId: string,
  body: string,
): Promise<Note> {
  const { row, authorizationId } = await loadOwnNote(ctx, source, patientId, noteId)
  const now = ctx.clock()
  await updateNoteBody(ctx.db, row.id, encrypt(ctx.keys, body), now)
  await writeAudit(ctx.db, source, {
    action: 'patient_note.update',
    patientId: row.patientId,
    targetType: 'patient_note',
    targetId: row.id,
    reason: accessReason(authorizationId),
    at: now,
  })
  const [note] = await selectNotes(ctx, { noteId: row.id }, 1, 0)
  if (!note) throw notFound()
  return note
}

export async function deleteNote(
  ctx: AppContext,
  source: Actor,
  patientId: string,
  noteId: string,
): Promise<void> {
  const { row, authorizationId } = await loadOwnNote(ctx, source, patientId, noteId)
  await deleteNoteRow(ctx.db, row.id)
  await writeAudit(ctx.db, source, {
    action: 'patient_note.delete',
    patientId: row.patientId,
    targetType: 'patient_note',
    targetId: row.id,
    reason: accessReason(authorizationId),
    at: ctx.clock(),
  })
}
