// 'Clear My Requests' remembers the cleared ids in the browser too, so they stay hidden even before the
// server's hide call lands or when it fails.
import { useCallback, useState } from 'react'
import { readStored, writeStored } from '@/lib/storage.ts'

const KEY_PREFIX = 'authorization_hidden_requests'
const MAX_REMEMBERED = 500

const storageKey = (userId: string) => `${KEY_PREFIX}:${userId}`

export function readHiddenIds(userId: string): Set<string> {
  try {
    const parsed: unknown = JSON.parse(readStored(storageKey(userId)) ?? '[]')
    return new Set(Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [])
  } catch {
    return new Set()
  }
}

export function useHiddenRequests(userId: string) {
  const [hidden, setHidden] = useState<Set<string>>(() => readHiddenIds(userId))
  const hide = useCallback(
    (ids: readonly string[]) => {
      setHidden((current) => {
        const next = new Set([...current, ...ids])
        writeStored(storageKey(userId), JSON.stringify([...next].slice(-MAX_REMEMBERED)))
        return next
      })
    },
    [userId],
  )
  const unhide = useCallback(
    (ids: readonly string[]) => {
      setHidden((current) => {
        const next = new Set([...current].filter((id) => !ids.includes(id)))
        writeStored(storageKey(userId), JSON.stringify([...next]))
        return next
      })
    },
    [userId],
  )
  return { hidden, hide, unhide }
}
