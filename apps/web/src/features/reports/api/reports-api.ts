// The ACO risk report and its CSV, filtered by TIN, model and payment year (both audited on the server).
import type { RiskReportQuery } from '@blueconsent/contract/reports'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { saveFile } from '@/components/patient-data/save-file.ts'
import { callEndpoint, callEndpointUnparsed } from '@/lib/endpoints.ts'

export type RiskReportFilters = { tin: string; model: string; payment_year: string }
export const NO_RISK_REPORT_FILTERS: RiskReportFilters = { tin: '', model: '', payment_year: '' }

/** Only the filters that are set, so the server sees no empty parameters. */
const asQuery = (filters: RiskReportFilters): RiskReportQuery & Record<string, string | number> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')) as RiskReportQuery &
    Record<string, string | number>

const ALL = ['reports'] as const
export const reportKeys = {
  all: ALL,
  risk: (filters: RiskReportFilters) => [...ALL, 'risk', filters] as const,
}

export const riskReportQueryOptions = (filters: RiskReportFilters) =>
  queryOptions({
    queryKey: reportKeys.risk(filters),
    queryFn: ({ signal }) => callEndpoint('reports.risk', { query: asQuery(filters), signal }),
    placeholderData: keepPreviousData,
  })

export const useRiskReport = (filters: RiskReportFilters) => useQuery(riskReportQueryOptions(filters))

export async function exportRiskReport(filters: RiskReportFilters): Promise<void> {
  const body = await callEndpointUnparsed('reports.riskExport', { query: asQuery(filters) })
  saveFile(typeof body === 'string' ? body : JSON.stringify(body), 'risk-report.csv', 'text/csv')
}
