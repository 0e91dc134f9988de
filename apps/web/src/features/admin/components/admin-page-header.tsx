// Every admin page opens with its title and a way back to the dashboard.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'

export function AdminPageHeader({
  title,
  intro,
  action,
}: {
  title: string
  intro: string
  action?: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2">{intro}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {action}
        <Link className="btn btn-outline" to={paths.dashboard}>
          Back to Dashboard
        </Link>
      </div>
    </div>
  )
}
