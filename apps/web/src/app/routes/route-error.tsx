import { useEffect } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { isApiError } from '@/lib/api-error.ts'
import { reloadPage } from '@/lib/navigation.ts'
import { session } from '@/lib/session.ts'
import { PageLoadFailure, isPageLoadFailure } from './page-load-failure.tsx'

/** An unhandled error about authentication clears the user and goes to login. */
const isAuthenticationError = (error: unknown): boolean =>
  (isApiError(error) && error.status === 401) ||
  (error instanceof Error && /authenticat/i.test(error.message))

/** Last-resort page for errors thrown while rendering or loading a route outside the app shell. */
export function RouteError() {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-base-200 p-4">
      <RouteErrorContent />
    </main>
  )
}

/**
 * The same inside the signed-in shell: the header, navigation and network banners stay, so someone who lost
 * the connection sees the offline banner and 'Connection restored' rather than a blank error page.
 */
export function ShellPageError() {
  return <RouteErrorContent />
}

function RouteErrorContent() {
  const error = useRouteError()
  const authError = isAuthenticationError(error)
  useEffect(() => {
    if (authError) session.handleUnauthenticated()
  }, [authError])
  if (isPageLoadFailure(error)) return <PageLoadFailure />
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'The page failed to load.'
  return (
    <div className="card mx-auto w-full max-w-md bg-base-100 shadow">
      <div className="card-body gap-4">
        <h1 className="text-2xl font-bold">Something went wrong</h1>
        <p>{message}</p>
        <button type="button" className="btn btn-primary" onClick={reloadPage}>
          Reload the page
        </button>
      </div>
    </div>
  )
}
