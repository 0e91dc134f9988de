import { useState } from 'react'

export const ACTION_FAILED = 'That did not work. Try again.'

/** A list row's buttons: runs one action at a time and keeps the message of the last one that failed. */
export function useRowAction(): {
  error: string | null
  run: (action: () => Promise<unknown>) => Promise<void>
} {
  const [error, setError] = useState<string | null>(null)
  async function run(action: () => Promise<unknown>) {
    setError(null)
    try {
      await action()
    } catch {
      setError(ACTION_FAILED)
    }
  }
  return { error, run }
}
