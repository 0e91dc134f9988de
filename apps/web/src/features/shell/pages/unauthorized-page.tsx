import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'

/** /app/unauthorized: where the role, admin and organisation guards send users. */
export function UnauthorizedPage() {
  return (
    <div className="card mx-auto w-full max-w-lg bg-base-100 text-center shadow">
      <div className="card-body items-center gap-4">
        <h1 className="text-2xl font-bold">Access denied</h1>
        <p>
          You do not have permission to view this page. If you think you should, ask your organization's
          administrator.
        </p>
        <Link className="btn btn-primary" to={paths.dashboard}>
          Back to Dashboard
        </Link>
      </div>
    </div>
  )
}
