import { isRouteErrorResponse, useRouteError } from 'react-router'

/** Last-resort page for errors thrown while rendering or loading a route (including a failed chunk load). */
export function RouteError() {
  const error = useRouteError()
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'The page failed to load.'
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
