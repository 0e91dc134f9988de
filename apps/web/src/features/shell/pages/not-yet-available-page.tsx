// The page behind a route whose screen is not in this release. The route is registered with its guard
// already, so who may open it is settled now; this page says plainly that the screen is not here yet and
// where to go instead, rather than the 404 page implying a broken link.
import { Link, useMatches } from 'react-router'
import { paths } from '../../../app/paths.ts'

const routeTitle = (handle: unknown): string | null =>
  typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string'
    ? handle.title
    : null

export function NotYetAvailablePage() {
  const matches = useMatches()
  const title =
    [...matches]
      .reverse()
      .map((match) => routeTitle(match.handle))
      .find(Boolean) ?? 'This page'
  return (
    <div className="card mx-auto w-full max-w-lg bg-base-100 text-center shadow">
      <div className="card-body items-center gap-4">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p>
          {title} is not available in this release of BlueConsent yet. Your dashboard shows everything you can
          do today.
        </p>
        <Link className="btn btn-primary" to={paths.dashboard}>
          Back to Dashboard
        </Link>
      </div>
    </div>
  )
}
