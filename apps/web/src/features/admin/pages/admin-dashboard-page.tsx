// /app/admin: the platform's (or, for an organisation admin, their organisation's) numbers and what needs
// attention.
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { ADMIN_MESSAGES } from '@blueconsent/contract/admin'
import { attentionItems } from '../admin-model.ts'
import { useAdminOverview } from '../api/admin-api.ts'
import { AdminPageHeader } from '../components/admin-page-header.tsx'

const statusLabel = (status: string): string =>
  status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ')

export function AdminDashboardPage() {
  const overview = useAdminOverview()
  const data = overview.data
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Admin Dashboard"
        intro={
          data?.scope === 'organization'
            ? 'Your organization at a glance, and what needs attention.'
            : 'The platform at a glance, and what needs attention.'
        }
      />
      {overview.isPending ? <Spinner label="Loading the overview…" /> : null}
      {overview.isError ? (
        <Alert type="error">
          {ADMIN_MESSAGES.loadFailed}{' '}
          <button type="button" className="link" onClick={() => void overview.refetch()}>
            Retry
          </button>
        </Alert>
      ) : null}
      {data ? (
        <>
          <dl aria-label="Totals" className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Tile label="Organizations" value={data.organizations} />
            <Tile label="Active users" value={data.active_users} />
            {Object.entries(data.requests_by_status).map(([status, count]) => (
              <Tile key={status} label={`Requests ${statusLabel(status).toLowerCase()}`} value={count} />
            ))}
          </dl>
          <section aria-labelledby="attention-heading" className="flex flex-col gap-2">
            <h2 id="attention-heading" className="text-xl font-semibold">
              Needs attention
            </h2>
            <Attention items={attentionItems(data)} />
          </section>
          <p className="flex flex-wrap gap-3">
            <Link className="link" to={paths.adminUsers}>
              Manage users
            </Link>
            <Link className="link" to={paths.adminOrganizations}>
              Manage organizations
            </Link>
          </p>
        </>
      ) : null}
    </div>
  )
}

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-3">
      <dt className="text-sm">{label}</dt>
      <dd className="text-2xl font-semibold">{value}</dd>
    </div>
  )
}

function Attention({ items }: { items: ReturnType<typeof attentionItems> }) {
  if (items.length === 0) return <p>Nothing needs attention right now.</p>
  return (
    <ul className="list-disc pl-6">
      {items.map((item) => (
        <li key={item.label}>
          {item.to ? (
            <Link className="link" to={item.to}>
              {item.label}
            </Link>
          ) : (
            item.label
          )}
          : <strong>{item.count}</strong>
        </li>
      ))}
    </ul>
  )
}
