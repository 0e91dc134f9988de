// The adherence endpoints, parsed with the contract schemas. Every read is scoped and audited on the server;
// a 4xx (404 outside the caller's scope, 403 for roles without claims) will not change by retrying.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { retryServerErrors } from '@/lib/error-messages.ts'

const ALL = ['adherence'] as const
export const adherenceKeys = {
  all: ALL,
  patient: (id: string) => [...ALL, 'patient', id] as const,
  planner: (belowOnly: boolean) => [...ALL, 'planner', belowOnly] as const,
  brief: (id: string) => [...ALL, 'brief', id] as const,
}

export const patientAdherenceQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: adherenceKeys.patient(patientId),
    queryFn: ({ signal }) => callEndpoint('adherence.patient', { params: { id: patientId }, signal }),
    retry: retryServerErrors,
  })

export const usePatientAdherence = (patientId: string) => useQuery(patientAdherenceQueryOptions(patientId))

export const visitPlannerQueryOptions = (belowOnly: boolean) =>
  queryOptions({
    queryKey: adherenceKeys.planner(belowOnly),
    queryFn: ({ signal }) =>
      callEndpoint('adherence.visitPlanner', {
        query: belowOnly ? { below_threshold: 'true' } : {},
        signal,
      }),
    retry: retryServerErrors,
  })

export const useVisitPlanner = (belowOnly: boolean) => useQuery(visitPlannerQueryOptions(belowOnly))

/**
 * The brief as it was when the page opened: it is not refetched in the background, so "what changed since
 * your last brief" keeps comparing with the opening before this one while the page stays open.
 */
export const briefQueryOptions = (patientId: string) =>
  queryOptions({
    queryKey: adherenceKeys.brief(patientId),
    queryFn: ({ signal }) => callEndpoint('adherence.brief', { params: { id: patientId }, signal }),
    retry: retryServerErrors,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })

export const useBrief = (patientId: string, enabled = true) =>
  useQuery({ ...briefQueryOptions(patientId), enabled })

/** Records this opening, so the next brief lists what changed after it. */
export const useMarkBriefOpened = () =>
  useMutation({
    mutationFn: (patientId: string) => callEndpoint('adherence.briefOpened', { params: { id: patientId } }),
  })
