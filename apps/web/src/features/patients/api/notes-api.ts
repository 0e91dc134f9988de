// Per-patient notes: GET/POST /api/patients/{id}/notes/, PATCH/DELETE …/notes/{noteId}/. Writing
// needs 'patients.edit_notes' (ACO and physician roles); changing a note, its author or an admin.
import { noteListSchema, noteSchema } from '@blueconsent/contract/patients'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { patientKeys } from './patients-api.ts'

const notesKey = (patientId: string) => [...patientKeys.all, 'notes', patientId] as const
const notesPath = (patientId: string) => `/api/patients/${patientId}/notes/`

export const useNotes = (patientId: string) =>
  useQuery({
    queryKey: notesKey(patientId),
    queryFn: ({ signal }) =>
      apiClient.get(notesPath(patientId), {
        schema: noteListSchema,
        query: { page: 1, page_size: 100 },
        signal,
      }),
  })

type NoteChange =
  | { kind: 'create'; body: string }
  | { kind: 'update'; noteId: string; body: string }
  | { kind: 'delete'; noteId: string }

function sendChange(patientId: string, change: NoteChange): Promise<unknown> {
  if (change.kind === 'create')
    return apiClient.post(notesPath(patientId), { body: change.body }, { schema: noteSchema })
  if (change.kind === 'update') {
    return apiClient.patch(
      `${notesPath(patientId)}${change.noteId}/`,
      { body: change.body },
      { schema: noteSchema },
    )
  }
  return apiClient.delete(`${notesPath(patientId)}${change.noteId}/`)
}

export function useNoteChange(patientId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: NoteChange) => sendChange(patientId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKey(patientId) }),
  })
}
