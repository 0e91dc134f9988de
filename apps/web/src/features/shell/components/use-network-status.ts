// Network state for the shell's banners: online, offline (and since when),
// slow (2g, rtt over 400 ms or downlink under 0.5 Mbps) and a short 'restored' window after reconnecting.
import { NETWORK } from '@blueconsent/contract/shared'
import { useCallback, useEffect, useState } from 'react'
import { feedback } from '@/lib/feedback.ts'

export type ConnectionInfo = { effectiveType?: string; rtt?: number; downlink?: number }
type ConnectionLike = ConnectionInfo & EventTarget

export const CONNECTION_LOST_MESSAGE = 'Connection lost. Some features may be unavailable.'

export function isSlowConnection(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return false
  if (connection.effectiveType === '2g' || connection.effectiveType === 'slow-2g') return true
  if (typeof connection.rtt === 'number' && connection.rtt > NETWORK.slowRttMs) return true
  // downlink 0 means the browser does not know; only a measured low value counts.
  return (
    typeof connection.downlink === 'number' &&
    connection.downlink > 0 &&
    connection.downlink < NETWORK.slowDownlinkMbps
  )
}

const readConnection = (): ConnectionLike | undefined =>
  (navigator as Navigator & { connection?: ConnectionLike }).connection

export type NetworkStatus = {
  online: boolean
  offlineSince: number | null
  slow: boolean
  restored: boolean
  /** Marks the connection as back (after a successful health check while the browser still says offline). */
  markOnline: () => void
}

export function useNetworkStatus(now: () => number = Date.now): NetworkStatus {
  const [online, setOnline] = useState(() => navigator.onLine)
  const [offlineSince, setOfflineSince] = useState<number | null>(() => (navigator.onLine ? null : now()))
  const [restored, setRestored] = useState(false)
  const [slow, setSlow] = useState(() => isSlowConnection(readConnection()))

  const markOnline = useCallback(() => {
    setOnline(true)
    setOfflineSince(null)
    setRestored(true)
  }, [])

  useEffect(() => {
    const handleOffline = () => {
      setOnline(false)
      setRestored(false)
      setOfflineSince(now())
      feedback.warning(CONNECTION_LOST_MESSAGE)
    }
    window.addEventListener('online', markOnline)
    window.addEventListener('offline', handleOffline)
    const connection = readConnection()
    const handleChange = () => setSlow(isSlowConnection(readConnection()))
    connection?.addEventListener('change', handleChange)
    return () => {
      window.removeEventListener('online', markOnline)
      window.removeEventListener('offline', handleOffline)
      connection?.removeEventListener('change', handleChange)
    }
  }, [markOnline, now])

  useEffect(() => {
    if (!restored) return
    const timer = setTimeout(() => setRestored(false), NETWORK.restoredBannerMs)
    return () => clearTimeout(timer)
  }, [restored])

  return { online, offlineSince, slow, restored, markOnline }
}
