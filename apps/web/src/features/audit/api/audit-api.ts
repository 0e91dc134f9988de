// The audit log's search and its CSV export, for admin roles.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { saveFile } from '@/components/patient-data/save-file.ts'
import { callEndpoint, callEndpointUnparsed } from '@/lib/endpoints.ts'

export type AuditFilters = { user: string; patient: string; action: string; from: string; to: string }
export const NO_AUDIT_FILTERS: AuditFilters = { user: '', patient: '', action: '', from: '', to: '' }
export const AUDIT_PAGE_SIZE = 50

/** Only the filters that are set, so the server sees no empty parameters. */
const asQuery = (filters: AuditFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''))

const ALL = ['audit'] as const
export const auditKeys = {
  all: ALL,
  entries: (filters: AuditFilters, page: number) => [...ALL, filters, page] as const,
  people: () => [...ALL, 'people'] as const,
}

export const auditEntriesQueryOptions = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: auditKeys.entries(filters, page),
    queryFn: ({ signal }) =>
      callEndpoint('audit.list', {
        query: { ...asQuery(filters), page, page_size: AUDIT_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const useAuditEntries = (filters: AuditFilters, page: number) =>
  useQuery(auditEntriesQueryOptions(filters, page))

export async function exportAudit(filters: AuditFilters): Promise<void> {
  const body = await callEndpointUnparsed('audit.export', { query: asQuery(filters) })
  saveFile(typeof body === 'string' ? body : JSON.stringify(body), 'audit-log.csv', 'text/csv')
}

/** The people in the log, for the person filter; a failure leaves the filter with 'Everyone' only. */
export const auditPeopleQueryOptions = () =>
  queryOptions({
    queryKey: auditKeys.people(),
    queryFn: ({ signal }) => callEndpoint('audit.people', { signal }).catch(() => ({ results: [] })),
    staleTime: 60_000,
  })

export const useAuditPeople = () => useQuery(auditPeopleQueryOptions())
