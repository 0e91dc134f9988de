// /app/admin/tin-management: the ACO admin's registry of TINs. Find a TIN by name or digits, add and edit
// them, deactivate and reactivate with the consequence confirmed, see each TIN's patients, and give the
// patients under no TIN one, picked from the list or pasted as MRNs.
import { TIN_MESSAGES, type Tin } from '@blueconsent/contract/tins'
import { useId, useState } from 'react'
import { Pager } from '@/components/ui/pager.tsx'
import { pageCount } from '@/components/ui/paging.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useSession } from '@/lib/session.ts'
import { TIN_PAGE_SIZE, useTinSummary, useTins, type TinStatusFilter } from '../api/tins-api.ts'
import { RegistryPatients } from '../components/registry-patients.tsx'
import { TinFormDialog } from '../components/tin-form-dialog.tsx'
import { TinStatusDialog } from '../components/tin-status-dialog.tsx'
import { DataTable, type DataColumn } from '@/components/ui/data-table.tsx'
import { SelectField } from '@/components/ui/select-field.tsx'

type Dialog = { kind: 'add' } | { kind: 'edit'; tin: Tin } | { kind: 'status'; tin: Tin } | null

export function TinManagementPage() {
  const { user } = useSession()
  const orgId = user?.organization?.organization_type === 'ACO' ? user.organization.id : null
  if (!orgId) return <Alert type="error">{TIN_MESSAGES.noAcoOrganization}</Alert>
  return <Registry orgId={orgId} />
}

function Registry({ orgId }: { orgId: string }) {
  const searchId = useId()
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<TinStatusFilter>('active')
  const [page, setPage] = useState(0)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [shownTin, setShownTin] = useState<Tin | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const tins = useTins(orgId, { search: search.trim(), status, page: page + 1 })
  const activeTins = useTins(orgId, { search: '', status: 'active', page: 1 }).data?.results ?? []
  const pages = pageCount(tins.data?.count ?? 0, TIN_PAGE_SIZE)
  const done = (message: string) => {
    setDialog(null)
    setNotice(message)
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">TIN Management</h1>
          <p className="mt-2">
            The taxpayer identification numbers your practices bill under. Staff limited to a TIN see only its
            patients.
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
          Add TIN
        </button>
      </div>
      <RegistrySummary orgId={orgId} />
      <div role="status" aria-live="polite">
        {notice ? <Alert type="success">{notice}</Alert> : null}
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium">
            Search TINs
          </label>
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder="Practice name or digits"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value)
              setPage(0)
            }}
          />
        </div>
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as TinStatusFilter)
            setPage(0)
          }}
        >
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
          <option value="all">All</option>
        </SelectField>
      </div>
      {tins.isPending ? <Spinner label="Loading TINs…" /> : null}
      {tins.isError ? <Alert type="error">{TIN_MESSAGES.loadFailed}</Alert> : null}
      {tins.data?.count === 0 ? <p>No TINs match.</p> : null}
      {tins.data && tins.data.results.length > 0 ? (
        <TinTable
          tins={tins.data.results}
          onEdit={(tin) => setDialog({ kind: 'edit', tin })}
          onStatus={(tin) => setDialog({ kind: 'status', tin })}
          onPatients={setShownTin}
        />
      ) : null}
      <Pager page={Math.min(page, pages - 1)} pages={pages} label="TIN pages" onPage={setPage} />
      {shownTin ? (
        <RegistryPatients key={shownTin.id} orgId={orgId} tin={shownTin} activeTins={activeTins} />
      ) : null}
      <RegistryPatients orgId={orgId} tin={null} activeTins={activeTins} />
      {dialog?.kind === 'add' ? (
        <TinFormDialog orgId={orgId} onDone={done} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <TinFormDialog orgId={orgId} tin={dialog.tin} onDone={done} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'status' ? (
        <TinStatusDialog orgId={orgId} tin={dialog.tin} onDone={done} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  )
}

function RegistrySummary({ orgId }: { orgId: string }) {
  const summary = useTinSummary(orgId)
  if (!summary.data) return null
  const tiles: [string, number | undefined][] = [
    ['Active TINs', summary.data.active_tins],
    ['Inactive TINs', summary.data.inactive_tins],
    ['Patients with a TIN', summary.data.total_patients_assigned],
    ['Patients without a TIN', summary.data.unassigned_patients],
  ]
  return (
    <dl aria-label="Registry summary" className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {tiles.map(([label, value]) => (
        <div key={label} className="rounded-box border border-base-300 bg-base-100 p-3">
          <dt className="text-sm">{label}</dt>
          <dd className="text-2xl font-semibold">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  )
}

type TinTableProps = {
  tins: readonly Tin[]
  onEdit: (tin: Tin) => void
  onStatus: (tin: Tin) => void
  onPatients: (tin: Tin) => void
}

function TinTable({ tins, onEdit, onStatus, onPatients }: TinTableProps) {
  const columns: DataColumn<Tin>[] = [
    // A TIN reads as one value: never broken across lines, on a card or in a cell.
    { id: 'tin', header: 'TIN', className: 'font-mono whitespace-nowrap', cell: (tin) => tin.masked_value },
    { id: 'practice', header: 'Practice', card: 'title', cell: (tin) => tin.provider_org_name },
    {
      id: 'status',
      header: 'Status',
      card: 'badge',
      cell: (tin) => (
        <span className={`badge ${tin.is_active ? 'badge-success' : 'badge-ghost'}`}>
          {tin.is_active ? 'Active' : 'Inactive'}
        </span>
      ),
    },
    {
      id: 'patients',
      header: 'Patients',
      cell: (tin) => (
        <button
          type="button"
          className="link"
          aria-label={`Patients of ${tin.provider_org_name} (${tin.patient_count ?? 0})`}
          onClick={() => onPatients(tin)}
        >
          {tin.patient_count ?? 0}
        </button>
      ),
    },
    { id: 'added-by', header: 'Added by', cell: (tin) => tin.created_by_email ?? '—' },
    {
      id: 'actions',
      header: 'Actions',
      card: 'actions',
      cell: (tin) => (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-xs btn-outline"
            aria-label={`Edit ${tin.provider_org_name}`}
            onClick={() => onEdit(tin)}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn-xs btn-outline"
            aria-label={`${tin.is_active ? 'Deactivate' : 'Reactivate'} ${tin.provider_org_name}`}
            onClick={() => onStatus(tin)}
          >
            {tin.is_active ? 'Deactivate' : 'Reactivate'}
          </button>
        </div>
      ),
    },
  ]
  return <DataTable caption="TINs" rows={tins} rowKey={(tin) => tin.id} columns={columns} cards />
}
