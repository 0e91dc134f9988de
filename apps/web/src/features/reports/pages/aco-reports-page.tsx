// /app/aco/reports: each patient's newest Part C risk score (CMS-HCC, or ESRD) and its HCCs beside their
// Part D (RxHCC) score and its RxHCCs, filtered by TIN, model and payment year, with a CSV export (both
// audited on the server).
import type { RiskReportRow } from '@blueconsent/contract/reports'
import { useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import {
  NO_RISK_REPORT_FILTERS,
  exportRiskReport,
  useRiskReport,
  type RiskReportFilters,
} from '../api/reports-api.ts'
import { DataTable, type DataColumn } from '@/components/ui/data-table.tsx'
import { SelectField } from '@/components/ui/select-field.tsx'

export function AcoReportsPage() {
  const [filters, setFilters] = useState<RiskReportFilters>(NO_RISK_REPORT_FILTERS)
  const [exportError, setExportError] = useState<string | null>(null)
  const report = useRiskReport(filters)

  async function exportCsv() {
    setExportError(null)
    try {
      await exportRiskReport(filters)
    } catch {
      setExportError('Failed to export the report')
    }
  }

  const select = (
    name: keyof RiskReportFilters,
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <SelectField
      label={label}
      size="sm"
      value={filters[name]}
      options={[{ value: '', label: 'All' }, ...options]}
      onChange={(event) => setFilters((current) => ({ ...current, [name]: event.target.value }))}
    />
  )

  const data = report.data
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">ACO Reports</h1>
          <p className="mt-2">
            Each patient’s newest risk score (CMS-HCC, or ESRD when Medicare records ESRD status) and their
            Part D (RxHCC) score, with the conditions behind each, from the Medicare data they shared.
          </p>
        </div>
        <Link className="btn btn-outline" to="/app/dashboard">
          Back to Dashboard
        </Link>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {select(
          'tin',
          'TIN',
          (data?.tins ?? []).map((tin) => ({ value: tin.id, label: `${tin.name} (${tin.masked})` })),
        )}
        {select(
          'model',
          'Model',
          (data?.models ?? []).map((model) => ({ value: model, label: model })),
        )}
        {select(
          'payment_year',
          'Payment year',
          (data?.payment_years ?? []).map((year) => ({ value: String(year), label: String(year) })),
        )}
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void exportCsv()}>
          Export CSV
        </button>
      </div>
      {exportError ? <Alert type="error">{exportError}</Alert> : null}
      {report.isPending ? <Spinner label="Loading the report…" /> : null}
      {report.isError ? <Alert type="error">Failed to load the report.</Alert> : null}
      {data ? (
        <>
          <p>
            {data.count} {data.count === 1 ? 'patient' : 'patients'}
            {data.average_score !== null ? `, average score ${data.average_score.toFixed(3)}` : ''}
          </p>
          {data.count === 0 ? (
            <p>No scored patients match these filters.</p>
          ) : (
            <DataTable
              caption="Risk scores"
              rows={data.results}
              rowKey={(row) => row.patient_id}
              columns={RISK_COLUMNS}
              cards
            />
          )}
        </>
      ) : null}
    </div>
  )
}

const RISK_COLUMNS: DataColumn<RiskReportRow>[] = [
  {
    id: 'patient',
    header: 'Patient',
    card: 'title',
    cell: (row) => (
      <Link className="link" to={`/app/patient/${row.patient_id}`}>
        {row.patient_name}
      </Link>
    ),
  },
  { id: 'tin', header: 'TIN', cell: (row) => row.tin ?? 'No TIN' },
  { id: 'model', header: 'Model and year', cell: (row) => `${row.model} · ${row.payment_year}` },
  {
    id: 'score',
    header: 'Score',
    cell: (row) => (
      <>
        {row.score.toFixed(3)}
        {row.payment_score !== null ? (
          <span className="block text-sm">payment {row.payment_score.toFixed(3)}</span>
        ) : null}
      </>
    ),
  },
  {
    id: 'hccs',
    header: 'Conditions (HCCs)',
    cell: (row) =>
      row.hccs.length === 0 ? 'None' : row.hccs.map((hcc) => `${hcc.label} (${hcc.hcc})`).join('; '),
  },
  {
    id: 'part-d-score',
    header: 'Part D score',
    cell: (row) =>
      row.part_d_score === null ? (
        'Not computed'
      ) : (
        <>
          {row.part_d_score.toFixed(3)}
          <span className="block text-sm">
            MA-PD{row.part_d_pdp_score !== null ? `, PDP ${row.part_d_pdp_score.toFixed(3)}` : ''}
          </span>
        </>
      ),
  },
  {
    id: 'rx-hccs',
    header: 'Part D conditions (RxHCCs)',
    cell: (row) =>
      row.part_d_score === null
        ? ''
        : row.rx_hccs.length === 0
          ? 'None'
          : row.rx_hccs.map((rx) => `${rx.label} (${rx.rx_hcc})`).join('; '),
  },
]
