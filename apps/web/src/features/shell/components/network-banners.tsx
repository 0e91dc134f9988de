import { NETWORK } from '@blueconsent/contract/shared'
import { useState } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { useNow } from '@/hooks/use-now.ts'
import { apiClient } from '@/lib/api-client.ts'
import { useNetworkStatus } from './use-network-status.ts'

export const NETWORK_MESSAGES = {
  offline: "You're offline. Changes will be saved locally and synced when you reconnect.",
  slow: 'Slow connection detected. Some features may take longer to load.',
  restored: 'Connection restored',
} as const

/** HEAD /api/health/; true when the server answers. */
async function checkHealth(): Promise<boolean> {
  try {
    await apiClient.request('/api/health/', { method: 'HEAD', public: true })
    return true
  } catch {
    return false
  }
}

function DismissButton({ onDismiss, what }: { onDismiss: () => void; what: string }) {
  return (
    <button
      type="button"
      className="btn btn-sm btn-ghost"
      onClick={onDismiss}
      aria-label={`Dismiss ${what} message`}
    >
      Dismiss
    </button>
  )
}

/** Offline, slow-connection and restored banners dismissed for 5 and 10 minutes, 'Connection restored' for 3 s. */
export function NetworkBanners() {
  const network = useNetworkStatus()
  const now = useNow(1000, !network.online || network.slow)
  const [offlineDismissedUntil, setOfflineDismissedUntil] = useState(0)
  const [slowDismissedUntil, setSlowDismissedUntil] = useState(0)
  const [checking, setChecking] = useState(false)
  const offlineFor = network.offlineSince === null ? 0 : now - network.offlineSince

  async function handleRetry() {
    setChecking(true)
    const started = Date.now()
    const healthy = await checkHealth()
    // Keep the indicator up long enough to be seen.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, NETWORK.retryIndicatorMs - (Date.now() - started))),
    )
    setChecking(false)
    if (healthy) network.markOnline()
  }

  function handleDismissOffline() {
    setOfflineDismissedUntil(Date.now() + NETWORK.offlineBannerDismissMs)
  }

  function handleDismissSlow() {
    setSlowDismissedUntil(Date.now() + NETWORK.slowBannerDismissMs)
  }

  return (
    <div className="flex flex-col gap-2 empty:hidden">
      {!network.online && now >= offlineDismissedUntil ? (
        <Alert
          type="warning"
          action={
            <div className="flex gap-2">
              {offlineFor >= NETWORK.offlineRetryOfferedAfterMs ? (
                <button
                  type="button"
                  className="btn btn-sm"
                  onClick={() => void handleRetry()}
                  disabled={checking}
                >
                  {checking ? 'Checking…' : 'Retry Connection'}
                </button>
              ) : null}
              <DismissButton onDismiss={handleDismissOffline} what="offline" />
            </div>
          }
        >
          {NETWORK_MESSAGES.offline}
        </Alert>
      ) : null}
      {network.online && network.slow && now >= slowDismissedUntil ? (
        <Alert type="info" action={<DismissButton onDismiss={handleDismissSlow} what="slow connection" />}>
          {NETWORK_MESSAGES.slow}
        </Alert>
      ) : null}
      {network.online && network.restored ? <Alert type="success">{NETWORK_MESSAGES.restored}</Alert> : null}
    </div>
  )
}
