// Per-patient notes: GET/POST /api/patients/{id}/notes/, PATCH/DELETE …/notes/{noteId}/. Writing
// needs 'patients.edit_notes' (ACO and physician roles); changing a note, its author or an admin.
import {
  onlineManager,
  queryOptions,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { patientKeys } from './patients-api.ts'

export const notesQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: patientKeys.notes(patientId),
    queryFn: ({ signal }) =>
      callEndpoint('patients.notes', {
        params: { id: patientId },
        query: { page: 1, page_size: 100 },
        signal,
      }),
  })

export const useNotes = (patientId: string) => useQuery(notesQueryOptions(patientId))

export type NoteChange =
  | { kind: 'create'; body: string }
  | { kind: 'update'; noteId: string; body: string }
  | { kind: 'delete'; noteId: string }

/** What a queued change carries: enough to send it after a reload, when no page holds it any more. */
export type NoteChangeVariables = { patientId: string; change: NoteChange }

/** Every note change shares this key, so the query client knows how to send one restored from storage. */
export const NOTE_CHANGE_KEY = [...patientKeys.all, 'notes', 'change'] as const

function sendChange({ patientId, change }: NoteChangeVariables): Promise<unknown> {
  if (change.kind === 'create')
    return callEndpoint('patients.createNote', { params: { id: patientId }, body: { body: change.body } })
  const params = { id: patientId, noteId: change.noteId }
  if (change.kind === 'update')
    return callEndpoint('patients.updateNote', { params, body: { body: change.body } })
  return callEndpoint('patients.deleteNote', { params })
}

/**
 * How a note change is sent and what follows, registered on the client at start: a change made offline and
 * restored after a reload has no component to say it.
 */
export function registerNoteChanges(client: QueryClient): void {
  client.setMutationDefaults(NOTE_CHANGE_KEY, {
    mutationFn: (variables: NoteChangeVariables) => sendChange(variables),
    onSuccess: (_data, variables: NoteChangeVariables) =>
      client.invalidateQueries({ queryKey: patientKeys.notes(variables.patientId) }),
  })
}

export function useNoteChange(patientId: string) {
  const queryClient = useQueryClient()
  const mutation = useMutation<unknown, Error, NoteChangeVariables>({
    mutationKey: NOTE_CHANGE_KEY,
    // One patient's changes go one after another, in the order they were made, also when replayed.
    scope: { id: `notes:${patientId}` },
    mutationFn: sendChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientKeys.notes(patientId) }),
  })
  /**
   * Online: resolves when the server has the change. Offline: the change is queued (kept on this device)
   * and this resolves at once, so the form can clear; the queue sends it on reconnect.
   */
  const save = (change: NoteChange): Promise<unknown> => {
    if (onlineManager.isOnline()) return mutation.mutateAsync({ patientId, change })
    mutation.mutate({ patientId, change })
    return Promise.resolve()
  }
  return { save, isError: mutation.isError }
}

/** This patient's changes waiting for the connection, oldest first. */
export const useQueuedNoteChanges = (patientId: string): NoteChange[] =>
  useMutationState({
    filters: {
      mutationKey: NOTE_CHANGE_KEY,
      predicate: (mutation) =>
        mutation.state.isPaused &&
        (mutation.state.variables as NoteChangeVariables | undefined)?.patientId === patientId,
    },
    select: (mutation) => (mutation.state.variables as NoteChangeVariables).change,
  })
