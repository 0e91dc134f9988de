// A page whose code could not be downloaded: almost always the connection (offline right after sign-in, a
// dropped Wi-Fi), sometimes a release that replaced the old files. The router remembers a failed download
// for the session, so the way to try again is to load the page afresh: at once when the connection is back,
// or on request. An automatic reload happens at most once a minute, so a server that keeps failing cannot
// trap the browser in a loop.
import { useEffect, useState } from 'react'
import { reloadPage } from '@/lib/navigation.ts'
import { useOnlineStatus } from '@/lib/use-online-status.ts'

const DOWNLOAD_FAILURE =
  /dynamically imported module|importing a module script failed|error loading dynamically imported module|loading (css )?chunk/i

export const isPageLoadFailure = (error: unknown): boolean =>
  error instanceof Error && DOWNLOAD_FAILURE.test(error.message)

const LAST_RELOAD_KEY = 'blueconsent.page-load-reload-at'
const RELOAD_AT_MOST_EVERY_MS = 60_000
/** Long enough to read 'Connection restored' before the page reloads. */
export const RELOAD_AFTER_RECONNECT_MS = 1_500

export const PAGE_LOAD_MESSAGES = {
  heading: 'This page could not be loaded',
  offline: 'You are offline. The page will load as soon as the connection is back.',
  reconnected: 'Connection restored. Loading the page…',
  retrying: 'Loading the page again…',
  failed: 'The page could not be downloaded. Reload to try again.',
} as const

function reloadOnceAMinute(now: number = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0)
  if (now - last < RELOAD_AT_MOST_EVERY_MS) return false
  sessionStorage.setItem(LAST_RELOAD_KEY, String(now))
  reloadPage()
  return true
}

export function PageLoadFailure() {
  const online = useOnlineStatus()
  const [wasOffline, setWasOffline] = useState(!online)
  const [reloadHeld, setReloadHeld] = useState(false)
  if (!online && !wasOffline) setWasOffline(true)
  useEffect(() => {
    if (!online) return
    const timer = setTimeout(() => setReloadHeld(!reloadOnceAMinute()), RELOAD_AFTER_RECONNECT_MS)
    return () => clearTimeout(timer)
  }, [online])
  return (
    <div className="card mx-auto w-full max-w-lg bg-base-100 shadow">
      <div className="card-body gap-4">
        <h1 className="text-2xl font-bold">{PAGE_LOAD_MESSAGES.heading}</h1>
        <p role="status">{statusText(online, wasOffline, reloadHeld)}</p>
        <button type="button" className="btn btn-outline self-start" onClick={reloadPage}>
          Reload the page
        </button>
      </div>
    </div>
  )
}

function statusText(online: boolean, wasOffline: boolean, reloadHeld: boolean): string {
  if (!online) return PAGE_LOAD_MESSAGES.offline
  if (reloadHeld) return PAGE_LOAD_MESSAGES.failed
  return wasOffline ? PAGE_LOAD_MESSAGES.reconnected : PAGE_LOAD_MESSAGES.retrying
}
