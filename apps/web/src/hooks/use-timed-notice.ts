// A message that clears itself after its time (banners of the profile and account forms).
import { useCallback, useEffect, useRef, useState } from 'react'

export type Notice = {
  type: 'success' | 'error' | 'warning' | 'info'
  message: string
  title?: string
  detail?: string
}

export function useTimedNotice(): [Notice | null, (notice: Notice | null, durationMs?: number) => void] {
  const [notice, setNotice] = useState<Notice | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const show = useCallback((next: Notice | null, durationMs?: number) => {
    if (timer.current) clearTimeout(timer.current)
    setNotice(next)
    if (next && durationMs !== undefined) timer.current = setTimeout(() => setNotice(null), durationMs)
  }, [])
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
    },
    [],
  )
  return [notice, show]
}
