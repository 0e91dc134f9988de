// /app/admin/reports: what happened in a date range (the last 30 days unless changed) for the platform or
// one organisation: requests by status and week, consent conversion and time to consent, data pulls,
// outgoing messages and active users. Every figure sits in a captioned table, and the CSV export sends
// the same range and scope (both audited on the server).
import {
  ADMIN_REPORT_MESSAGES,
  REPORT_MAX_DAYS,
  defaultReportRange,
  reportRangeSchema,
  type AdminReport,
} from '@blueconsent/contract/admin-reports'
import { useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { zodFieldErrors } from '@/lib/form-errors.ts'
import { useSession } from '@/lib/session.ts'
import {
  CHANNEL_LABELS,
  durationText,
  percentText,
  statusLabel,
  type ReportFilters,
} from '../admin-reports-model.ts'
import { exportAdminReport, useAdminReport } from '../api/admin-reports-api.ts'
import { DataTable, type DataColumn } from '@/components/ui/data-table.tsx'
import { OrganizationPicker } from '@/components/ui/organization-picker.tsx'

export function AdminReportsPage() {
  const { user } = useSession()
  const platform = user?.is_superuser ?? false
  const [filters, setFilters] = useState<ReportFilters>(() => ({
    ...defaultReportRange(new Date()),
    organizationId: '',
  }))
  const [draft, setDraft] = useState<ReportFilters>(filters)
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [exportFailed, setExportFailed] = useState(false)
  const [exporting, setExporting] = useState(false)
  const report = useAdminReport(filters)

  function apply(event: FormEvent) {
    event.preventDefault()
    const parsed = reportRangeSchema.safeParse({ from: draft.from, to: draft.to })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setFilters(draft)
  }

  async function exportCsv() {
    setExportFailed(false)
    setExporting(true)
    try {
      await exportAdminReport(filters)
    } catch {
      setExportFailed(true)
    } finally {
      setExporting(false)
    }
  }

  const data = report.data
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Reports</h1>
          <p className="mt-2">
            Requests, consent, data pulls, messages and sign-ins for a date range (up to {REPORT_MAX_DAYS}{' '}
            days, in UTC).
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-primary"
            disabled={exporting}
            onClick={() => void exportCsv()}
          >
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
          <Link className="btn btn-outline" to={paths.dashboard}>
            Back to Dashboard
          </Link>
        </div>
      </div>
      <form
        aria-label="Report range"
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(event) => apply(event)}
      >
        <TextField
          label="From"
          type="date"
          value={draft.from}
          error={errors.from}
          onChange={(event) => setDraft((current) => ({ ...current, from: event.target.value }))}
        />
        <TextField
          label="To"
          type="date"
          value={draft.to}
          error={errors.to}
          onChange={(event) => setDraft((current) => ({ ...current, to: event.target.value }))}
        />
        {platform ? (
          <OrganizationPicker
            value={draft.organizationId}
            anyLabel="All organisations"
            onChange={(organizationId) => setDraft((current) => ({ ...current, organizationId }))}
          />
        ) : null}
        <button type="submit" className="btn btn-outline">
          Show report
        </button>
      </form>
      {exportFailed ? <Alert type="error">{ADMIN_REPORT_MESSAGES.exportFailed}</Alert> : null}
      {report.isPending ? <Spinner label="Loading the report…" /> : null}
      {report.isError ? (
        <Alert type="error">
          {ADMIN_REPORT_MESSAGES.loadFailed}{' '}
          <button type="button" className="link" onClick={() => void report.refetch()}>
            Retry
          </button>
        </Alert>
      ) : null}
      {data ? <ReportTables report={data} /> : null}
    </div>
  )
}

function FigureTable({
  caption,
  headers,
  rows,
}: {
  caption: string
  headers: string[]
  rows: (string | number)[][]
}) {
  const columns: DataColumn<(string | number)[]>[] = headers.map((header, index) => ({
    id: String(index),
    header,
    cell: (row) => row[index],
    ...(index === 0 ? { rowHeader: true, className: 'font-normal' } : {}),
  }))
  return (
    <div className="rounded-box border border-base-300 p-2">
      <DataTable
        caption={caption}
        showCaption
        rows={rows}
        rowKey={(row) => String(row[0])}
        columns={columns}
      />
    </div>
  )
}

function ReportTables({ report }: { report: AdminReport }) {
  const { conversion } = report
  const scope: ReactNode = report.organization ? report.organization.name : 'All organisations'
  return (
    <section aria-labelledby="report-heading" className="flex flex-col gap-4">
      <h2 id="report-heading" className="text-xl font-semibold">
        {scope}, {report.from} to {report.to}
      </h2>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <FigureTable
          caption="Requests by status"
          headers={['Status', 'Requests']}
          rows={report.requests_by_status.map((row) => [statusLabel(row.status), row.count])}
        />
        <FigureTable
          caption="Requests sent by ISO week"
          headers={['Week', 'Starts on', 'Requests']}
          rows={report.requests_by_week.map((row) => [row.week, row.week_start, row.count])}
        />
        <FigureTable
          caption="Consent conversion"
          headers={['Figure', 'Value']}
          rows={[
            ['Requests sent', conversion.sent],
            ['Approved by the patient', conversion.approved],
            ['Conversion (approved ÷ sent)', percentText(conversion.rate)],
            ['Median time from sending to consent', durationText(conversion.median_hours)],
            ['90th percentile time from sending to consent', durationText(conversion.p90_hours)],
          ]}
        />
        <FigureTable
          caption="Blue Button data pulls"
          headers={['Figure', 'Value']}
          rows={[
            ['Ingestion runs', report.ingestion.runs],
            ['Failed runs', report.ingestion.failed],
          ]}
        />
        {report.messages ? (
          <FigureTable
            caption="Outgoing messages by channel"
            headers={['Channel', 'Sent', 'Failed']}
            rows={report.messages.map((row) => [CHANNEL_LABELS[row.channel], row.sent, row.failed])}
          />
        ) : (
          <p className="rounded-box border border-base-300 p-4">
            Outgoing messages carry no organisation, so they are counted only in the report for all
            organisations.
          </p>
        )}
        <FigureTable
          caption="Active users"
          headers={['Figure', 'Value']}
          rows={[['People who signed in', report.active_users]]}
        />
      </div>
    </section>
  )
}
