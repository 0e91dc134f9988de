// Changes made while offline survive a reload and are sent, in the order they were made, when the
// connection returns. TanStack Query pauses a mutation while the browser is offline; this keeps the paused
// ones in the browser's storage (dehydrate) and puts them back on start (hydrate), where the query client
// resumes them once online. The official persister packages pin an older query-core than the app's, which
// would ship two copies of it; dehydrate/hydrate from the app's own copy do the same job.
//
// Only paused changes are stored, never fetched patient data, under the signed-in user's own key; an explicit
// sign-out forgets them (session.ts), an expired session keeps them for the same user's next sign-in.
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query'
import { offlineChangesKey } from './offline-changes-key.ts'

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function pausedChanges(client: QueryClient): DehydratedState {
  return dehydrate(client, {
    shouldDehydrateQuery: () => false,
    shouldDehydrateMutation: (mutation) => mutation.state.isPaused,
  })
}

/** Writes the paused changes on every change of the mutation cache; returns the unsubscribe. */
export function keepPausedChanges(client: QueryClient, storage: KeyValueStorage, userId: string): () => void {
  const key = offlineChangesKey(userId)
  const save = () => {
    const state = pausedChanges(client)
    try {
      if (state.mutations.length === 0) storage.removeItem(key)
      else storage.setItem(key, JSON.stringify(state))
    } catch {
      // Full or blocked storage: the change stays queued in memory for as long as the page is open.
    }
  }
  return client.getMutationCache().subscribe(save)
}

/** Puts back the changes a previous visit could not send, and sends them if the browser is online. */
export async function restorePausedChanges(
  client: QueryClient,
  storage: KeyValueStorage,
  userId: string,
): Promise<void> {
  const saved = readSaved(storage, offlineChangesKey(userId))
  if (!saved) return
  hydrate(client, saved)
  await client.resumePausedMutations()
}

function readSaved(storage: KeyValueStorage, key: string): DehydratedState | null {
  try {
    const raw = storage.getItem(key)
    const parsed: unknown = raw ? JSON.parse(raw) : null
    const valid =
      typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as DehydratedState).mutations)
    return valid ? (parsed as DehydratedState) : null
  } catch {
    return null
  }
}
