// The patient endpoints, parsed with the contract schemas. Every read is scoped and
// audited on the server; the browser only asks.
import type { PatientListOrdering } from '@blueconsent/contract/patients'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { retryServerErrors } from '@/lib/error-messages.ts'

export type SearchMode = 'search' | 'mrn' | 'medicare_number'
export type PatientSearch = { mode: SearchMode; term: string; page?: number; pageSize?: number }

const ALL = ['patients'] as const
export const patientKeys = {
  all: ALL,
  search: (search: PatientSearch) => [...ALL, 'search', search] as const,
  organizationList: (page: number, ordering: PatientListOrdering = '-data_as_of') =>
    [...ALL, 'organization-list', page, ordering] as const,
  detail: (id: string) => [...ALL, 'detail', id] as const,
  consolidated: (id: string) => [...ALL, 'consolidated', id] as const,
  riskScore: (id: string) => [...ALL, 'risk-score', id] as const,
  claim: (id: string) => [...ALL, 'claim', id] as const,
  coverage: (id: string) => [...ALL, 'coverage', id] as const,
  notes: (id: string) => [...ALL, 'notes', id] as const,
}

export const searchPatients = (
  { mode, term, page = 1, pageSize = 20 }: PatientSearch,
  signal?: AbortSignal,
) => callEndpoint('patients.search', { query: { [mode]: term, page, page_size: pageSize }, signal })

export const ORGANIZATION_LIST_PAGE_SIZE = 20

/** The organisation's patients in the caller's scope, newest Medicare data first unless told otherwise. */
export const organizationPatientsQueryOptions = (
  page: number,
  ordering: PatientListOrdering = '-data_as_of',
) =>
  queryOptions({
    queryKey: patientKeys.organizationList(page, ordering),
    queryFn: ({ signal }) =>
      callEndpoint('patients.search', {
        query: { ordering, page, page_size: ORGANIZATION_LIST_PAGE_SIZE },
        signal,
      }),
    retry: retryServerErrors,
  })

export const useOrganizationPatients = (page: number, ordering: PatientListOrdering = '-data_as_of') =>
  useQuery(organizationPatientsQueryOptions(page, ordering))

const NO_SEARCH: PatientSearch = { mode: 'search', term: '' }

/** `onAnswered` runs once per search the server answered (the recent-searches list keeps those). */
export const patientSearchQueryOptions = (
  search: PatientSearch | null,
  onAnswered?: (search: PatientSearch) => void,
) =>
  queryOptions({
    queryKey: patientKeys.search(search ?? NO_SEARCH),
    queryFn: async ({ signal }) => {
      const asked = search ?? NO_SEARCH
      const list = await searchPatients(asked, signal)
      onAnswered?.(asked)
      return list
    },
    // The next keystroke is the retry; a failed search is reported at once.
    retry: false,
  })

export const usePatientSearch = (
  search: PatientSearch | null,
  onAnswered?: (search: PatientSearch) => void,
) =>
  useQuery({
    ...patientSearchQueryOptions(search, onAnswered),
    enabled: search != null && search.term.trim() !== '',
  })

export const patientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: patientKeys.detail(id),
    queryFn: ({ signal }) => callEndpoint('patients.read', { params: { id }, signal }),
    retry: retryServerErrors,
  })

export const usePatient = (id: string | null) =>
  useQuery({ ...patientQueryOptions(id ?? ''), enabled: id != null })

export const consolidatedQueryOptions = (id: string) =>
  queryOptions({
    queryKey: patientKeys.consolidated(id),
    queryFn: ({ signal }) => callEndpoint('patients.consolidated', { params: { id }, signal }),
    retry: retryServerErrors,
  })

export const useConsolidated = (id: string, enabled = true) =>
  useQuery({ ...consolidatedQueryOptions(id), enabled })

export const riskScoreQueryOptions = (id: string) =>
  queryOptions({
    queryKey: patientKeys.riskScore(id),
    queryFn: ({ signal }) => callEndpoint('patients.riskScore', { params: { id }, signal }),
    retry: retryServerErrors,
  })

export const useRiskScore = (id: string, enabled: boolean) =>
  useQuery({ ...riskScoreQueryOptions(id), enabled })

export const claimQueryOptions = (id: string) =>
  queryOptions({
    queryKey: patientKeys.claim(id),
    queryFn: ({ signal }) => callEndpoint('patients.claim', { params: { id }, signal }),
    retry: retryServerErrors,
  })

export const useClaim = (id: string) => useQuery(claimQueryOptions(id))

/** A client's Medicare coverage (Parts A to D, plans, dual status) from their Coverage resources. */
export const coverageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: patientKeys.coverage(id),
    queryFn: ({ signal }) => callEndpoint('patients.coverage', { params: { id }, signal }),
  })

export const useCoverage = (id: string) => useQuery(coverageQueryOptions(id))
