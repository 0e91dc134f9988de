import { useEffect, useState } from 'react'

/**
 * The current time, ticking every `intervalMs` so countdowns ('Nm remaining') and time-based hiding rules stay
 * current. While `active` is false the clock stands still and no timer runs.
 */
export function useNow(intervalMs = 30_000, active = true): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs, active])
  return now
}
