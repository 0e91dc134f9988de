// Client-side login lockout: after 5 failed attempts the form locks for 60 s, then resets.
// The server enforces its own limit (429 + Retry-After); that also locks the form for the time it names.
import { LOGIN_LOCKOUT } from '@blueconsent/contract/constants'
import { useCallback, useEffect, useState } from 'react'
import { readStored, writeStored } from '@/lib/storage.ts'

// Session storage so a reload does not reset the lock, while a new browser session starts clean.
const LOCKED_UNTIL_KEY = 'login_locked_until'
const ATTEMPTS_KEY = 'login_failed_attempts'

const storedNumber = (key: string): number => Number(readStored(key, 'session') ?? 0) || 0

export type LoginLockout = {
  /** Whole seconds left, 0 when not locked. */
  secondsLeft: number
  /** Counts a failed attempt; returns true when this attempt caused the lock. */
  recordFailure: () => boolean
  lockFor: (seconds: number) => void
  reset: () => void
}

export function useLoginLockout(now: () => number = Date.now): LoginLockout {
  const [lockedUntil, setLockedUntil] = useState(() => storedNumber(LOCKED_UNTIL_KEY))
  const [tick, setTick] = useState(() => now())
  const secondsLeft = Math.max(0, Math.ceil((lockedUntil - tick) / 1000))

  useEffect(() => {
    if (lockedUntil <= now()) return
    const timer = setInterval(() => {
      const current = now()
      setTick(current)
      if (current >= lockedUntil) {
        clearInterval(timer)
        setLockedUntil(0)
        writeStored(LOCKED_UNTIL_KEY, null, 'session')
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [lockedUntil, now])

  const lockFor = useCallback(
    (seconds: number) => {
      const until = now() + seconds * 1000
      writeStored(LOCKED_UNTIL_KEY, String(until), 'session')
      writeStored(ATTEMPTS_KEY, null, 'session')
      setTick(now())
      setLockedUntil(until)
    },
    [now],
  )

  const recordFailure = useCallback(() => {
    const attempts = storedNumber(ATTEMPTS_KEY) + 1
    if (attempts >= LOGIN_LOCKOUT.attempts) {
      lockFor(LOGIN_LOCKOUT.durationMs / 1000)
      return true
    }
    writeStored(ATTEMPTS_KEY, String(attempts), 'session')
    return false
  }, [lockFor])

  const reset = useCallback(() => {
    writeStored(ATTEMPTS_KEY, null, 'session')
    writeStored(LOCKED_UNTIL_KEY, null, 'session')
    setLockedUntil(0)
  }, [])

  return { secondsLeft, recordFailure, lockFor, reset }
}
