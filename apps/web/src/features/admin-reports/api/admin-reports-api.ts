// The admin report and its CSV, and the organisations a platform administrator may pick from.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { saveFile } from '@/components/patient-data/save-file.ts'
import { callEndpoint, callEndpointUnparsed } from '@/lib/endpoints.ts'
import { reportQueryOf, type ReportFilters } from '../admin-reports-model.ts'

const ALL = ['admin-reports'] as const
export const adminReportKeys = {
  all: ALL,
  report: (filters: ReportFilters) => [...ALL, filters] as const,
}

export const adminReportQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: adminReportKeys.report(filters),
    queryFn: ({ signal }) =>
      callEndpoint('admin-reports.report', {
        query: reportQueryOf(filters),
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const useAdminReport = (filters: ReportFilters) => useQuery(adminReportQueryOptions(filters))

export async function exportAdminReport(filters: ReportFilters): Promise<void> {
  const body = await callEndpointUnparsed('admin-reports.export', { query: reportQueryOf(filters) })
  saveFile(
    typeof body === 'string' ? body : JSON.stringify(body),
    `admin-report-${filters.from}-to-${filters.to}.csv`,
    'text/csv',
  )
}
