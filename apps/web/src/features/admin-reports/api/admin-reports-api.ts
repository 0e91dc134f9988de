// GET /api/admin/reports/ (the report) and /export/ (its CSV), and the organisations a platform
// administrator may pick from.
import { adminOrganizationListSchema } from '@blueconsent/contract/admin'
import { adminReportSchema } from '@blueconsent/contract/admin-reports'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { saveFile } from '../../../components/patient-data/save-file.ts'
import { apiClient } from '../../../lib/api-client.ts'
import { reportQueryOf, type ReportFilters } from '../admin-reports-model.ts'

export const useAdminReport = (filters: ReportFilters) =>
  useQuery({
    queryKey: ['admin-reports', filters],
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/reports/', {
        schema: adminReportSchema,
        query: reportQueryOf(filters),
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export async function exportAdminReport(filters: ReportFilters): Promise<void> {
  const body = await apiClient.get<unknown>('/api/admin/reports/export/', { query: reportQueryOf(filters) })
  saveFile(
    typeof body === 'string' ? body : JSON.stringify(body),
    `admin-report-${filters.from}-to-${filters.to}.csv`,
    'text/csv',
  )
}

/** Up to 100 organisations, alphabetical (the server's page limit); enough for the picker today. */
export const useReportOrganizations = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin-reports', 'organizations'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/organizations/', {
        schema: adminOrganizationListSchema,
        query: { page_size: 100 },
        signal,
      }),
    enabled,
    staleTime: 60_000,
  })
