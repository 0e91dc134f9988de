// Storage access that never throws (private mode, disabled storage, or no window in tests).
type StorageKind = 'local' | 'session'

function store(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage
  } catch {
    return null
  }
}

export const readStored = (key: string, kind: StorageKind = 'local'): string | null => {
  try {
    return store(kind)?.getItem(key) ?? null
  } catch {
    return null
  }
}

export function writeStored(key: string, value: string | null, kind: StorageKind = 'local'): void {
  try {
    if (value === null) store(kind)?.removeItem(key)
    else store(kind)?.setItem(key, value)
  } catch {
    // Storage full or blocked: the value is a convenience (theme, remembered email), never required.
  }
}
