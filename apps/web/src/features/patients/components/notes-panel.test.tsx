import type { Note } from '@blueconsent/contract/patients'
import type { Role } from '@blueconsent/contract/shared'
import { screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { offlineChangesKey } from '@/lib/offline-changes-key.ts'
import { json } from '@/testing/fake-fetch.ts'
import { renderApp, signIn } from '@/testing/render-app.tsx'
import { PATIENT_ID, patientFake, personaFor } from '../testing/fixtures.ts'

const note = (id: string, authorId: string | null, body: string): Note => ({
  id,
  patient_id: PATIENT_ID,
  body,
  author: { id: authorId, name: authorId ? 'Dana Reyes' : 'Former colleague' },
  created_at: '2026-11-19T10:00:00Z',
  updated_at: '2026-11-19T10:00:00Z',
})

const NOTES = `/api/patients/${PATIENT_ID}/notes/`

async function openNotes(role: Role, notes: Note[]) {
  const user = personaFor(role)
  const fake = patientFake()
    .on(`GET ${NOTES}`, json(200, { count: notes.length, next: null, previous: null, results: notes }))
    .on(`POST ${NOTES}`, json(201, note('n-new', user.id, 'Call about refills')))
    .on(`DELETE ${NOTES}n-1/`, new Response(null, { status: 204 }))
    .on(
      `PATCH ${NOTES}n-1/`,
      json(200, { ...note('n-1', user.id, 'Prefers afternoon calls'), updated_at: '2026-11-20T10:00:00Z' }),
    )
  await signIn(user)
  // The Notes section of the record, opened by its address.
  const app = renderApp(`/app/patient/${PATIENT_ID}#notes`, { fake })
  const panel = await screen.findByRole('region', { name: 'Notes' }, { timeout: 10_000 })
  await within(panel).findByText(notes[0]?.body ?? 'No notes yet.')
  return { app, panel, fake, user }
}

describe('notes panel', { timeout: 20_000 }, () => {
  it('lets a physician add notes and change only their own', async () => {
    const clicks = userEvent.setup()
    const me = personaFor('PHYSICIAN_USER').id
    const { panel, fake } = await openNotes('PHYSICIAN_USER', [
      note('n-1', me, 'Prefers morning calls'),
      note('n-2', null, 'Old note'),
    ])
    const items = within(panel).getAllByRole('listitem')
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Delete' })).toBeTruthy()
    expect(within(items[1] as HTMLElement).queryByRole('button', { name: 'Delete' })).toBeNull()
    await clicks.type(within(panel).getByLabelText('New note'), 'Call about refills')
    await clicks.click(within(panel).getByRole('button', { name: 'Add note' }))
    await waitFor(() => expect(fake.callsTo(`POST ${NOTES}`)).toHaveLength(1))
    expect(fake.callsTo(`POST ${NOTES}`)[0]?.body).toEqual({ body: 'Call about refills' })
    // Edit moves the focus into the text; Escape (or Cancel) leaves it unchanged and returns to Edit.
    const edit = within(items[0] as HTMLElement).getByRole('button', { name: 'Edit' })
    await clicks.click(edit)
    expect(document.activeElement).toBe(within(panel).getByLabelText('Edit note'))
    await clicks.keyboard('{Escape}')
    expect(within(panel).queryByLabelText('Edit note')).toBeNull()
    expect(document.activeElement).toBe(within(items[0] as HTMLElement).getByRole('button', { name: 'Edit' }))
    await clicks.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Edit' }))
    await clicks.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Cancel' }))
    expect(within(items[0] as HTMLElement).getByText('Prefers morning calls')).toBeTruthy()
    expect(fake.calls.some((call) => call.method === 'PATCH')).toBe(false)
    await clicks.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Edit' }))
    await clicks.clear(within(panel).getByLabelText('Edit note'))
    await clicks.type(within(panel).getByLabelText('Edit note'), 'Prefers afternoon calls')
    await clicks.click(within(panel).getByRole('button', { name: 'Save note' }))
    await waitFor(() => expect(fake.callsTo(`PATCH ${NOTES}n-1/`)).toHaveLength(1))
    expect(fake.callsTo(`PATCH ${NOTES}n-1/`)[0]?.body).toEqual({ body: 'Prefers afternoon calls' })
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(items[0] as HTMLElement).getByRole('button', { name: 'Edit' }),
      ),
    )
    await clicks.click(within(items[0] as HTMLElement).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(fake.callsTo(`DELETE ${NOTES}n-1/`)).toHaveLength(1))
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Notes' }))
  })

  it('shows an agent the notes read-only', async () => {
    const { panel } = await openNotes('AGENT_USER', [
      note('n-1', personaFor('AGENT_USER').id, 'Prefers morning calls'),
    ])
    expect(within(panel).queryByLabelText('New note')).toBeNull()
    expect(within(panel).queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(within(panel).queryByRole('button', { name: 'Edit' })).toBeNull()
  })

  it('keeps a note written offline on this device and sends it, in order, when the connection is back', async () => {
    const clicks = userEvent.setup()
    const { panel, fake, user } = await openNotes('PHYSICIAN_USER', [])
    onlineManager.setOnline(false)
    try {
      await clicks.type(within(panel).getByLabelText('New note'), 'Call about refills')
      await clicks.click(within(panel).getByRole('button', { name: 'Add note' }))
      const waiting = await within(panel).findByRole('list', { name: 'Changes waiting to be sent' })
      expect(within(waiting).getByText('New note: Call about refills')).toBeTruthy()
      // The form is free for the next note; nothing went to the server.
      expect(within(panel).getByLabelText('New note')).toHaveValue('')
      expect(fake.callsTo(`POST ${NOTES}`)).toHaveLength(0)
      expect(localStorage.getItem(offlineChangesKey(user.id))).toContain('Call about refills')
    } finally {
      onlineManager.setOnline(true)
    }
    await waitFor(() => expect(fake.callsTo(`POST ${NOTES}`)).toHaveLength(1))
    expect(fake.callsTo(`POST ${NOTES}`)[0]?.body).toEqual({ body: 'Call about refills' })
    await waitFor(() =>
      expect(within(panel).queryByRole('list', { name: 'Changes waiting to be sent' })).toBeNull(),
    )
    expect(localStorage.getItem(offlineChangesKey(user.id))).toBeNull()
  })
})
