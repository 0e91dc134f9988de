import { createBrowserRouter } from 'react-router'
import { setNavigator } from '../lib/navigation.ts'
import { session } from '../lib/session.ts'
import { paths } from './paths.ts'
import { SIGNED_IN_ROUTE_ID, prefetchSignedInShell, routes } from './route-table.tsx'

export const router = createBrowserRouter(routes)

/** Pages from which someone signs in: the signed-in frame is fetched while they are there. */
const SIGN_IN_PAGES = [paths.login, '/signup', '/app/signup', '/app/accept-invitation', paths.oauthCallback]

function prefetchShellOnSignInPages(): void {
  let fetched = false
  const check = (pathname: string) => {
    if (fetched || !SIGN_IN_PAGES.some((prefix) => pathname.startsWith(prefix))) return
    fetched = true
    void prefetchSignedInShell()
  }
  check(router.state.location.pathname)
  router.subscribe((state) => check(state.location.pathname))
}

prefetchShellOnSignInPages()

// Session expiry and 401 redirects navigate through the router instead of reloading the page.
setNavigator((to, options) => void router.navigate(to, options))

/**
 * Once someone is signed in, the pages their role can reach are fetched in the background (once per user), so
 * a connection lost right after sign-in does not break the next page. The prefetcher loads on demand: the
 * sign-in page stays small. The user's saved preferences are applied at the same moment.
 */
function prefetchAfterSignIn(): () => void {
  let prefetchedFor: string | null = null
  return session.subscribe(() => {
    const { status, user } = session.getSnapshot()
    if (status !== 'authenticated' || !user || prefetchedFor === user.id) return
    prefetchedFor = user.id
    const signedIn = router.routes
      .flatMap((route) => route.children ?? [])
      .filter((route) => route.id === SIGNED_IN_ROUTE_ID)
    void import('./prefetch-routes.ts').then(({ prefetchRoutes }) => prefetchRoutes(signedIn, user))
    // The account's theme and email switches follow the user to this browser (loaded on demand too).
    void import('../lib/preferences.ts').then(({ loadAccountPreferences }) => loadAccountPreferences())
  })
}

prefetchAfterSignIn()
