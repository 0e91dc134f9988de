// /app/risk-gaps: the recapture and suspect worklist of the caller's patients (their organisation and TINs),
// sorted by the estimated effect on the risk score, filtered by TIN, provider, type and status, with a CSV
// export. Reads and status changes are audited on the server.
import { GAP_STATUSES, GAP_STATUS_LABELS, GAP_TYPES, GAP_TYPE_LABELS } from '@blueconsent/contract/risk-gaps'
import { useState } from 'react'
import { saveFile } from '@/components/patient-data/save-file.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { scrollRegion } from '@/components/ui/scroll-region.ts'
import { Spinner } from '@/components/ui/spinner.tsx'
import { exportRiskGaps, useRiskGapFilters, useRiskGaps, type GapQuery } from '../api/risk-gaps-api.ts'
import { GapRow } from '../components/gap-row.tsx'

type Filters = { tin: string; provider: string; type: string; status: string }
const NONE: Filters = { tin: '', provider: '', type: '', status: 'open' }

const asQuery = (filters: Filters, page: number): GapQuery =>
  ({
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')),
    page,
  }) as GapQuery

type Option = { value: string; label: string }

function FilterSelect(props: {
  id: string
  label: string
  value: string
  options: Option[]
  allLabel?: string
  onChange: (value: string) => void
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`gaps-${props.id}`} className="text-sm font-medium">
        {props.label}
      </label>
      <select
        id={`gaps-${props.id}`}
        className="select select-sm"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.allLabel ? <option value="">{props.allLabel}</option> : null}
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export function RiskGapsPage() {
  const [filters, setFilters] = useState<Filters>(NONE)
  const [page, setPage] = useState(1)
  const [exportError, setExportError] = useState<string | null>(null)
  const gaps = useRiskGaps(asQuery(filters, page))
  const options = useRiskGapFilters()
  const choose = (name: keyof Filters) => (value: string) => {
    setFilters((current) => ({ ...current, [name]: value }))
    setPage(1)
  }

  async function exportCsv() {
    setExportError(null)
    try {
      saveFile(await exportRiskGaps(asQuery(filters, 1)), 'risk-gaps.csv', 'text/csv')
    } catch {
      setExportError('Failed to export the worklist')
    }
  }

  const data = gaps.data
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Risk gaps</h1>
        <p className="mt-2">
          Conditions documented last year and not yet this year (recapture), and conditions the Part D fills
          imply with no diagnosis on any claim (suspects), ranked by their estimated effect on the CMS-HCC
          risk score after hierarchies. Blue Button withholds substance use disorder claims (42 CFR Part 2),
          and a record shorter than a year shows less: HCCs may be missing.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          id="tin"
          label="TIN"
          allLabel="All TINs"
          value={filters.tin}
          onChange={choose('tin')}
          options={(options.data?.tins ?? []).map((tin) => ({
            value: tin.id,
            label: `${tin.name} (${tin.masked})`,
          }))}
        />
        <FilterSelect
          id="provider"
          label="Provider"
          allLabel="All providers"
          value={filters.provider}
          onChange={choose('provider')}
          options={(options.data?.providers ?? []).map((p) => ({
            value: p.npi,
            label: `${p.name ?? 'Unnamed'} (${p.npi})`,
          }))}
        />
        <FilterSelect
          id="type"
          label="Gap type"
          allLabel="All types"
          value={filters.type}
          onChange={choose('type')}
          options={GAP_TYPES.map((type) => ({ value: type, label: GAP_TYPE_LABELS[type] }))}
        />
        <FilterSelect
          id="status"
          label="Status"
          value={filters.status}
          onChange={choose('status')}
          options={GAP_STATUSES.map((status) => ({ value: status, label: GAP_STATUS_LABELS[status] }))}
        />
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </div>
      {exportError ? <Alert type="error">{exportError}</Alert> : null}
      {gaps.isPending ? <Spinner label="Loading the worklist…" /> : null}
      {gaps.isError ? <Alert type="error">Failed to load the worklist.</Alert> : null}
      {data && data.results.length === 0 ? <p>No gaps match these filters.</p> : null}
      {data && data.results.length > 0 ? (
        <div className="overflow-x-auto" {...scrollRegion('Risk gaps')}>
          <table className="table">
            <caption className="sr-only">Risk gaps, highest value first</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Patient</th>
                <th scope="col">Type</th>
                <th scope="col">Condition</th>
                <th scope="col">Score effect</th>
                <th scope="col">Evidence</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {data.results.map((gap) => (
                <GapRow key={gap.id} gap={gap} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && (page > 1 || data.has_more) ? (
        <nav className="flex items-center gap-2" aria-label="Worklist pages">
          <button
            type="button"
            className="btn btn-sm"
            disabled={page === 1}
            onClick={() => setPage(page - 1)}
          >
            Previous
          </button>
          <span>Page {page}</span>
          <button
            type="button"
            className="btn btn-sm"
            disabled={!data.has_more}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </div>
  )
}
