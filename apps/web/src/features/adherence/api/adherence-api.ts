// The adherence endpoints, parsed with the contract schemas. Every read is scoped and audited on the server.
import { useMutation, useQuery } from '@tanstack/react-query'
import { isApiError } from '../../../lib/api-error.ts'
import { callEndpoint } from '../../../lib/endpoints.ts'

const ALL = ['adherence'] as const
export const adherenceKeys = {
  patient: (id: string) => [...ALL, 'patient', id] as const,
  planner: (belowOnly: boolean) => [...ALL, 'planner', belowOnly] as const,
  brief: (id: string) => [...ALL, 'brief', id] as const,
}

// 4xx answers (404 outside the caller's scope, 403 for roles without claims) will not change by retrying.
const retryServerErrors = (failureCount: number, error: unknown): boolean =>
  !(isApiError(error) && error.status < 500) && failureCount < 2

export const usePatientAdherence = (patientId: string) =>
  useQuery({
    queryKey: adherenceKeys.patient(patientId),
    queryFn: ({ signal }) => callEndpoint('adherence.patient', { params: { id: patientId }, signal }),
    retry: retryServerErrors,
  })

export const useVisitPlanner = (belowOnly: boolean) =>
  useQuery({
    queryKey: adherenceKeys.planner(belowOnly),
    queryFn: ({ signal }) =>
      callEndpoint('adherence.visitPlanner', {
        query: belowOnly ? { below_threshold: 'true' } : {},
        signal,
      }),
    retry: retryServerErrors,
  })

/**
 * The brief as it was when the page opened: it is not refetched in the background, so "what changed since
 * your last brief" keeps comparing with the opening before this one while the page stays open.
 */
export const useBrief = (patientId: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: adherenceKeys.brief(patientId),
    queryFn: ({ signal }) => callEndpoint('adherence.brief', { params: { id: patientId }, signal }),
    retry: retryServerErrors,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })

/** Records this opening, so the next brief lists what changed after it. */
export const useMarkBriefOpened = () =>
  useMutation({
    mutationFn: (patientId: string) => callEndpoint('adherence.briefOpened', { params: { id: patientId } }),
  })
