import { useEffect } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { isApiError } from '../../lib/api-error.ts'
import { session } from '../../lib/session.ts'

/** An unhandled error about authentication clears the user and goes to login. */
const isAuthenticationError = (error: unknown): boolean =>
  (isApiError(error) && error.status === 401) ||
  (error instanceof Error && /authenticat/i.test(error.message))

/** Last-resort page for errors thrown while rendering or loading a route (including a failed chunk load). */
export function RouteError() {
  const error = useRouteError()
  const authError = isAuthenticationError(error)
  useEffect(() => {
    if (authError) session.handleUnauthenticated()
  }, [authError])
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'The page failed to load.'
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-base-200 p-4">
      <div className="card w-full max-w-md bg-base-100 shadow">
        <div className="card-body gap-4">
          <h1 className="text-2xl font-bold">Something went wrong</h1>
          <p>{message}</p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      </div>
    </main>
  )
}
