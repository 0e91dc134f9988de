import { QueryClient, onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { offlineChangesKey } from './offline-changes-key.ts'
import { keepPausedChanges, restorePausedChanges } from './offline-changes.ts'

// vi.waitFor gives up after 1 s by default; CI runs this beside other suites on two cores.
const WAIT = { timeout: 5_000 }

const KEY = ['notes', 'change']

/** A client that knows how to send a change, as the app registers at start. */
function clientSending(send: (variables: string) => Promise<unknown>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  client.setMutationDefaults(KEY, { mutationFn: send })
  return client
}

const queueChange = (client: QueryClient, variables: string) =>
  void client
    .getMutationCache()
    .build(client, { mutationKey: KEY, scope: { id: 'notes:p1' } })
    .execute(variables)
    .catch(() => undefined)

afterEach(() => {
  onlineManager.setOnline(true)
  localStorage.clear()
})

describe('offline changes', () => {
  it('keeps changes made offline through a reload and sends them in order on reconnect', async () => {
    onlineManager.setOnline(false)
    const before = clientSending(async () => 'never sent')
    const stop = keepPausedChanges(before, localStorage, 'u1')
    queueChange(before, 'first')
    queueChange(before, 'second')
    await vi.waitFor(() => expect(localStorage.getItem(offlineChangesKey('u1'))).toContain('second'), WAIT)
    stop()

    // A new page: a fresh client restores what the last one could not send.
    const sent: string[] = []
    const after = clientSending(async (variables) => {
      sent.push(variables)
      await new Promise((resolve) => setTimeout(resolve, variables === 'first' ? 20 : 0))
    })
    after.mount()
    keepPausedChanges(after, localStorage, 'u1')
    await restorePausedChanges(after, localStorage, 'u1')
    expect(sent).toEqual([])
    onlineManager.setOnline(true)
    await vi.waitFor(() => expect(sent).toEqual(['first', 'second']), WAIT)
    await vi.waitFor(() => expect(localStorage.getItem(offlineChangesKey('u1'))).toBeNull(), WAIT)
    after.unmount()
  })

  it('restores nothing for another user, and ignores what is not a saved queue', async () => {
    localStorage.setItem(offlineChangesKey('u1'), JSON.stringify({ mutations: [], queries: [] }))
    localStorage.setItem(offlineChangesKey('u2'), 'not json')
    const client = clientSending(async () => undefined)
    await restorePausedChanges(client, localStorage, 'u2')
    await restorePausedChanges(client, localStorage, 'u3')
    expect(client.getMutationCache().getAll()).toHaveLength(0)
  })
})
