// The adherence endpoints, parsed with the contract schemas. Every read is scoped and audited on the server.
import {
  VISIT_PLANNER_PATH,
  briefOpenedSchema,
  patientAdherenceSchema,
  preVisitBriefSchema,
  visitPlannerSchema,
} from '@blueconsent/contract/adherence'
import { useMutation, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { isApiError } from '../../../lib/api-error.ts'

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
    queryFn: ({ signal }) =>
      apiClient.get(`/api/patients/${patientId}/adherence/`, { schema: patientAdherenceSchema, signal }),
    retry: retryServerErrors,
  })

export const useVisitPlanner = (belowOnly: boolean) =>
  useQuery({
    queryKey: adherenceKeys.planner(belowOnly),
    queryFn: ({ signal }) =>
      apiClient.get(VISIT_PLANNER_PATH, {
        schema: visitPlannerSchema,
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
    queryFn: ({ signal }) =>
      apiClient.get(`/api/patients/${patientId}/brief/`, { schema: preVisitBriefSchema, signal }),
    retry: retryServerErrors,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })

/** Records this opening, so the next brief lists what changed after it. */
export const useMarkBriefOpened = () =>
  useMutation({
    mutationFn: (patientId: string) =>
      apiClient.post(`/api/patients/${patientId}/brief/opened/`, undefined, { schema: briefOpenedSchema }),
  })
