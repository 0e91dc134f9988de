// A seam between non-React code (api client, session) and the router, so neither imports the other.
/** The login route; app/paths.ts reuses it so the route table stays the single source. */
export const LOGIN_PATH = '/app/login'

type Navigator = (to: string, options?: { replace?: boolean }) => void

let navigator: Navigator = (to, options) => {
  if (options?.replace) window.location.replace(to)
  else window.location.assign(to)
}

export function setNavigator(next: Navigator): void {
  navigator = next
}

/** Client-side navigation through the router once it is registered; a full page load before that. */
export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options)
}

const assignLocation = (url: string): void => window.location.assign(url)
let fullPageLoader: (url: string) => void = assignLocation

/**
 * Replaces how full page loads happen; tests pass a spy (jsdom cannot leave the document), and
 * `undefined` restores the browser's. A seam rather than a module mock: web tests share one module
 * cache, so a mock would miss a page another test file had already imported.
 */
export function setFullPageLoader(next: ((url: string) => void) | undefined): void {
  fullPageLoader = next ?? assignLocation
}

/** Full page navigation: used for server-rendered endpoints such as /o/authorize/. */
export function fullPageNavigate(url: string): void {
  fullPageLoader(url)
}

/** The current path and query, as the `next` parameter of a login redirect carries it. */
export const currentPathAndQuery = (): string => `${window.location.pathname}${window.location.search}`

/** A `next` target is followed only when it is a same-origin path (no open redirects). */
export function safeNextPath(
  next: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null
  try {
    const url = new URL(next, origin)
    if (url.origin !== origin) return null
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return null
  }
}

let reloader: () => void = () => window.location.reload()

/** Loads the current page again from the server. */
export function reloadPage(): void {
  reloader()
}

/** Replaces how the page reloads (tests observe it); returns the previous way, to restore. */
export function setPageReloader(next: () => void): () => void {
  const previous = reloader
  reloader = next
  return previous
}
