// /app/admin/audit: who read which patient's data, when, from where and on what basis (the authorization the
// read relied on), each row a sentence ('Jordan Lee viewed the claims of Rosa Garcia'). Filters (person,
// patient, action, dates) live in the URL so a search can be shared; Export CSV sends the same filters.
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  auditSentence,
  type AuditEntry,
} from '@blueconsent/contract/audit'
import { isValidPatientId, ownValue } from '@blueconsent/contract/shared'
import { useId, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { Pager } from '@/components/ui/pager.tsx'
import { pageCount } from '@/components/ui/paging.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query.ts'
import {
  AUDIT_PAGE_SIZE,
  NO_AUDIT_FILTERS,
  exportAudit,
  useAuditEntries,
  useAuditPeople,
  type AuditFilters,
} from '../api/audit-api.ts'
import { DataTable, type DataColumn } from '@/components/ui/data-table.tsx'
import { SelectField } from '@/components/ui/select-field.tsx'

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
      {entries.data ? (
        <AuditRows entries={entries.data.results} onPatient={(patient) => apply({ ...filters, patient })} />
      ) : null}
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
        <PersonSelect value={draft.user} onChange={(user) => setDraft({ ...draft, user })} />
        {input('patient', 'Patient ID')}
        <SelectField
          label="Action"
          size="sm"
          value={draft.action}
          onChange={(event) => setDraft({ ...draft, action: event.target.value })}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {capitalise(AUDIT_ACTION_LABELS[action])}
            </option>
          ))}
        </SelectField>
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

/** A search's terms as typed; the sentence already says what any other row touched. */
function targetText(entry: AuditEntry): string {
  if (!entry.query) return '—'
  const terms = Object.entries(entry.query).map(
    ([name, value]) => `${ownValue(SEARCH_PARAMETER_LABELS, name) ?? ''}“${value}”`,
  )
  return `Searched ${terms.join(', ')}`
}

const basisText = (reason: string): string => {
  const authorization = AUTHORIZATION_REASON.exec(reason)
  if (authorization) return `Authorization ${authorization[1]}`
  return reason === 'no active authorization' ? 'No active authorization' : reason
}

const AUTHORIZATION_REASON = /^authorization (\S+)$/

/** Why a read was allowed (the row's `reason`): the authorization request it relied on, or none. */
function Basis({ reason }: { reason: string | null }) {
  if (reason === null) return <>—</>
  const authorization = AUTHORIZATION_REASON.exec(reason)
  if (!authorization) return <>{reason === 'no active authorization' ? 'No active authorization' : reason}</>
  return (
    <>
      Authorization <span className="block font-mono text-xs">{authorization[1]}</span>
    </>
  )
}

const capitalise = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

function PersonSelect({ value, onChange }: { value: string; onChange: (user: string) => void }) {
  const people = useAuditPeople()
  return (
    <SelectField label="Person" size="sm" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">Everyone</option>
      {(people.data?.results ?? []).map((person) => (
        <option key={person.id} value={person.id}>
          {person.name}
        </option>
      ))}
    </SelectField>
  )
}

type AuditRowsProps = { entries: readonly AuditEntry[]; onPatient: (patientId: string) => void }

/** A table on a laptop, one card per entry on a phone. */
function AuditRows(props: AuditRowsProps) {
  const narrow = useMediaQuery(NARROW_SCREEN)
  if (props.entries.length === 0) return <p>No audit entries match these filters.</p>
  return narrow ? <AuditCards {...props} /> : <AuditTable {...props} />
}

const when = (entry: AuditEntry): string => new Date(entry.occurred_at).toLocaleString()

/** The sentence, with the patient's name a button that shows only that patient's entries. */
function Sentence({ entry, onPatient }: { entry: AuditEntry; onPatient: (patientId: string) => void }) {
  const sentence = auditSentence(entry)
  const name = entry.patient_name
  const at = name ? sentence.lastIndexOf(name) : -1
  if (!name || !entry.patient_id || at < 0) return <>{sentence}</>
  const patientId = entry.patient_id
  return (
    <>
      {sentence.slice(0, at)}
      <button
        type="button"
        className="link"
        aria-label={`${name}: show only this patient’s entries`}
        onClick={() => onPatient(patientId)}
      >
        {name}
      </button>
      {sentence.slice(at + name.length)}
    </>
  )
}

function AuditCards({ entries, onPatient }: AuditRowsProps) {
  return (
    <ul aria-label="Audit entries" className="flex flex-col gap-3">
      {entries.map((entry) => (
        <li key={entry.id} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-1 p-4 text-sm">
            <p className="font-medium">
              <Sentence entry={entry} onPatient={onPatient} />
            </p>
            <p>{when(entry)}</p>
            {entry.query ? <p>{targetText(entry)}</p> : null}
            <p>
              From {entry.ip_address ?? 'an unknown address'}
              {entry.reason ? ` · ${basisText(entry.reason)}` : ''}
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}

function AuditTable({ entries, onPatient }: AuditRowsProps) {
  const columns: DataColumn<AuditEntry>[] = [
    { id: 'time', header: 'Time', cell: when },
    {
      id: 'what',
      header: 'What happened',
      cell: (entry) => <Sentence entry={entry} onPatient={onPatient} />,
    },
    { id: 'details', header: 'Details', cell: targetText },
    { id: 'basis', header: 'Basis', cell: (entry) => <Basis reason={entry.reason} /> },
    { id: 'ip', header: 'IP address', cell: (entry) => entry.ip_address ?? '—' },
    {
      id: 'request',
      header: 'Request',
      className: 'font-mono text-xs',
      cell: (entry) => entry.request_id ?? '—',
    },
  ]
  return (
    <DataTable
      caption="Audit entries"
      size="sm"
      rows={entries}
      rowKey={(entry) => entry.id}
      columns={columns}
    />
  )
}
