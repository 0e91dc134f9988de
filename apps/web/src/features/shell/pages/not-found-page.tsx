import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'

export const NOT_FOUND_MESSAGE = "Oops! We couldn't find the page you're looking for."

/** Any unmatched path. Rendered inside the shell or the bare layout, which provide <main>. */
export function NotFoundPage() {
  return (
    <div className="card mx-auto w-full max-w-lg bg-base-100 text-center shadow">
      <div className="card-body items-center gap-4">
        <p className="text-5xl font-bold" aria-hidden="true">
          404
        </p>
        <h1 className="text-2xl font-bold">Page not found</h1>
        <p>{NOT_FOUND_MESSAGE}</p>
        <Link className="btn btn-primary" to={paths.root}>
          Return to Home
        </Link>
      </div>
    </div>
  )
}
