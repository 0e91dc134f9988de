// Notes on a patient: the ACO and physician variants write them (and change their own), the basic variant
// reads them (the component variants of the display options). Writing is the 'edit' display option, which the contract gives
// exactly the non-basic variants. The server enforces the same rules ('patients.edit_notes').
import { type User } from '@blueconsent/contract/auth'
import { type Note } from '@blueconsent/contract/patients'
import { isAdminRole, type DisplayOptions } from '@blueconsent/contract/shared'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useNoteChange, useNotes, useQueuedNoteChanges, type NoteChange } from '../api/notes-api.ts'

const NOTES_FAILED = 'Failed to load notes'
const SAVE_FAILED = 'Failed to save the note'

type NotesPanelProps = { patientId: string; user: User; options: DisplayOptions }

export function NotesPanel({ patientId, user, options }: NotesPanelProps) {
  const notes = useNotes(patientId)
  const change = useNoteChange(patientId)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const editable = options.edit && options.variant !== 'basic'
  const canChange = (note: Note) => editable && (note.author.id === user.id || isAdminRole(user.role))
  return (
    <section aria-labelledby="notes-heading" className="card bg-base-100 border border-base-300">
      <div className="card-body gap-3">
        <h2 id="notes-heading" ref={headingRef} tabIndex={-1} className="card-title">
          Notes
        </h2>
        {editable ? (
          <NoteForm
            label="New note"
            submitLabel="Add note"
            onSave={(body) => change.save({ kind: 'create', body })}
          />
        ) : null}
        {change.isError ? <Alert type="error">{SAVE_FAILED}</Alert> : null}
        <QueuedChanges patientId={patientId} />
        {notes.isPending ? <Spinner label="Loading notes…" /> : null}
        {notes.isError ? <Alert type="error">{NOTES_FAILED}</Alert> : null}
        {notes.data?.results.length === 0 ? <p>No notes yet.</p> : null}
        <ul className="flex flex-col gap-3">
          {notes.data?.results.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              canChange={canChange(note)}
              onSave={(body) => change.save({ kind: 'update', noteId: note.id, body })}
              onDelete={() => {
                void change.save({ kind: 'delete', noteId: note.id }).catch(() => undefined)
                // The note and its focused button go away; keep the keyboard user in the Notes card.
                headingRef.current?.focus()
              }}
            />
          ))}
        </ul>
      </div>
    </section>
  )
}

type NoteItemProps = {
  note: Note
  canChange: boolean
  onSave: (body: string) => Promise<unknown>
  onDelete: () => void
}

function NoteItem({ note, canChange, onSave, onDelete }: NoteItemProps) {
  const [editing, setEditing] = useState(false)
  const editRef = useRef<HTMLButtonElement>(null)
  const wasEditing = useRef(false)
  // Leaving the edit form (saved or cancelled) puts the focus back on Edit, where it came from.
  useEffect(() => {
    if (wasEditing.current && !editing) editRef.current?.focus()
    wasEditing.current = editing
  }, [editing])
  return (
    <li className="flex flex-col gap-1 border-b border-base-300 pb-2">
      {editing ? (
        <NoteForm
          label="Edit note"
          submitLabel="Save note"
          initial={note.body}
          autoFocus
          onCancel={() => setEditing(false)}
          onSave={async (body) => {
            await onSave(body)
            setEditing(false)
          }}
        />
      ) : (
        <p className="whitespace-pre-wrap">{note.body}</p>
      )}
      <p className="text-sm">
        {note.author.name}, {new Date(note.created_at).toLocaleString()}
        {note.updated_at !== note.created_at ? ' (edited)' : ''}
      </p>
      {canChange && !editing ? (
        <div className="flex gap-2">
          <button
            ref={editRef}
            type="button"
            className="btn btn-xs btn-outline"
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <button type="button" className="btn btn-xs btn-outline" onClick={onDelete}>
            Delete
          </button>
        </div>
      ) : null}
    </li>
  )
}

type NoteFormProps = {
  label: string
  submitLabel: string
  initial?: string
  /** Edit moves the focus into the text it replaced the note with. */
  autoFocus?: boolean
  /** Offered while editing, so a change can be abandoned (also with Escape). */
  onCancel?: () => void
  onSave: (body: string) => Promise<unknown>
}

function NoteForm({ label, submitLabel, initial = '', autoFocus = false, onCancel, onSave }: NoteFormProps) {
  const id = useId()
  const [body, setBody] = useState(initial)
  const [saving, setSaving] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (body.trim() === '') return
    setSaving(true)
    try {
      await onSave(body.trim())
      setBody('')
    } catch {
      // The panel shows the failure; the text stays so nothing typed is lost.
    } finally {
      setSaving(false)
    }
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) {
          event.preventDefault()
          onCancel()
        }
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        className="textarea w-full"
        maxLength={5000}
        value={body}
        autoFocus={autoFocus}
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary" disabled={saving || body.trim() === ''}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-sm btn-outline" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  )
}

const QUEUED_TEXT: Record<NoteChange['kind'], string> = {
  create: 'New note',
  update: 'Edited note',
  delete: 'Deleted note',
}

/** Changes made offline: kept on this device and sent in order when the connection is back. */
function QueuedChanges({ patientId }: { patientId: string }) {
  const queued = useQueuedNoteChanges(patientId)
  if (queued.length === 0) return null
  return (
    <div role="status" className="rounded-box border border-warning p-3">
      <p className="font-medium">Saved on this device; sent when you reconnect</p>
      <ul aria-label="Changes waiting to be sent" className="ml-4 list-disc text-sm">
        {queued.map((change, index) => (
          <li key={index}>
            {QUEUED_TEXT[change.kind]}
            {change.kind === 'delete' ? '' : `: ${change.body}`}
          </li>
        ))}
      </ul>
    </div>
  )
}
