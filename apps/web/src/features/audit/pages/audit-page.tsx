// /app/admin/audit: who read which patient's data, when, from where and on what basis (the authorization the
// read relied on). Filters live in the URL so a search can be shared; Export CSV sends the same filters.
import { AUDIT_ACTIONS, type AuditEntry } from '@blueconsent/contract/audit'
import { isValidPatientId } from '@blueconsent/contract/shared'
import { useId, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { Pager } from '../../../components/patient-data/pager.tsx'
import { pageCount } from '../../../components/patient-data/paging.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import {
  AUDIT_PAGE_SIZE,
  NO_AUDIT_FILTERS,
  exportAudit,
  useAuditEntries,
  type AuditFilters,
} from '../api/audit-api.ts'

const LOAD_FAILED = 'Failed to load the audit log'
const EXPORT_FAILED = 'Export failed. Please try again.'
const BAD_ID = 'Enter a full ID (a UUID), or leave the field empty.'

const filtersFrom = (params: URLSearchParams): AuditFilters => ({
  user: params.get('user') ?? '',
  patient: params.get('patient') ?? '',
  action: params.get('action') ?? '',
  from: params.get('from') ?? '',
  to: params.get('to') ?? '',
})

export function AuditPage() {
  const [params, setParams] = useSearchParams()
  const filters = filtersFrom(params)
  const page = Math.max(1, Number(params.get('page')) || 1)
  const entries = useAuditEntries(filters, page)
  const [exportFailed, setExportFailed] = useState(false)
  const apply = (next: AuditFilters) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== '')))
  const runExport = async () => {
    setExportFailed(false)
    await exportAudit(filters).catch(() => setExportFailed(true))
  }
  const pages = pageCount(entries.data?.count ?? 0, AUDIT_PAGE_SIZE)
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Audit log</h1>
      <AuditFilterForm key={params.toString()} initial={filters} onApply={apply} />
      <div className="flex items-center justify-between gap-2">
        <p role="status">{entries.data ? `${entries.data.count} entries` : ''}</p>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => void runExport()}>
          Export CSV
        </button>
      </div>
      {exportFailed ? <Alert type="error">{EXPORT_FAILED}</Alert> : null}
      {entries.isPending ? <Spinner label="Loading the audit log…" /> : null}
      {entries.isError ? <Alert type="error">{LOAD_FAILED}</Alert> : null}
      {entries.data ? <AuditTable entries={entries.data.results} /> : null}
      <Pager
        page={Math.min(page, pages) - 1}
        pages={pages}
        label="Audit log pages"
        onPage={(next) => setParams({ ...Object.fromEntries(params), page: String(next + 1) })}
      />
    </div>
  )
}

type FormProps = { initial: AuditFilters; onApply: (filters: AuditFilters) => void }

function AuditFilterForm({ initial, onApply }: FormProps) {
  const id = useId()
  const [draft, setDraft] = useState(initial)
  const badIds = (['user', 'patient'] as const).filter(
    (key) => draft[key] !== '' && !isValidPatientId(draft[key].trim()),
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (badIds.length === 0) onApply({ ...draft, user: draft.user.trim(), patient: draft.patient.trim() })
  }
  const input = (key: keyof AuditFilters, label: string, type = 'text') => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${key}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type={type}
        className="input input-sm"
        value={draft[key]}
        aria-invalid={badIds.includes(key as 'user') || undefined}
        aria-describedby={badIds.includes(key as 'user') ? `${id}-bad-id` : undefined}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    </div>
  )
  return (
    <form className="flex flex-col gap-2" onSubmit={submit} aria-label="Filter the audit log">
      <div className="flex flex-wrap items-end gap-3">
        {input('user', 'User ID')}
        {input('patient', 'Patient ID')}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-action`} className="text-sm font-medium">
            Action
          </label>
          <select
            id={`${id}-action`}
            className="select select-sm"
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        {input('from', 'From', 'date')}
        {input('to', 'To', 'date')}
        <button type="submit" className="btn btn-sm btn-primary">
          Apply filters
        </button>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => onApply(NO_AUDIT_FILTERS)}>
          Clear
        </button>
      </div>
      {badIds.length > 0 ? (
        <p id={`${id}-bad-id`} className="text-error">
          {BAD_ID}
        </p>
      ) : null}
    </form>
  )
}

const SEARCH_PARAMETER_LABELS: Record<string, string> = {
  mrn: 'MRN ',
  medicare_number: 'Medicare ID ',
  uuid: 'patient id ',
}

/** What a row touched: the search as typed for a search, else the target's type and id. */
function targetText(entry: AuditEntry): string {
  if (entry.query) {
    const terms = Object.entries(entry.query).map(
      ([name, value]) => `${SEARCH_PARAMETER_LABELS[name] ?? ''}“${value}”`,
    )
    return `Searched ${terms.join(', ')}`
  }
  return entry.target_type ? `${entry.target_type} ${entry.target_id ?? ''}` : '—'
}

const AUTHORIZATION_REASON = /^authorization (\S+)$/

/** Why a read was allowed (the row's `reason`): the authorization request it relied on, or none. */
function BasisCell({ reason }: { reason: string | null }) {
  if (reason === null) return <td>—</td>
  const authorization = AUTHORIZATION_REASON.exec(reason)
  if (!authorization)
    return <td>{reason === 'no active authorization' ? 'No active authorization' : reason}</td>
  return (
    <td>
      Authorization <span className="block font-mono text-xs">{authorization[1]}</span>
    </td>
  )
}

function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  if (entries.length === 0) return <p>No audit entries match these filters.</p>
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">Audit entries</caption>
        <thead className="text-base-content">
          <tr>
            <th scope="col">Time</th>
            <th scope="col">User</th>
            <th scope="col">Action</th>
            <th scope="col">Patient</th>
            <th scope="col">Target</th>
            <th scope="col">Basis</th>
            <th scope="col">IP address</th>
            <th scope="col">Request</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{new Date(entry.occurred_at).toLocaleString()}</td>
              <td>{entry.actor_name ?? entry.actor_user_id ?? '—'}</td>
              <td>{entry.action}</td>
              <td className="font-mono text-xs">{entry.patient_id ?? '—'}</td>
              <td>{targetText(entry)}</td>
              <BasisCell reason={entry.reason} />
              <td>{entry.ip_address ?? '—'}</td>
              <td className="font-mono text-xs">{entry.request_id ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
