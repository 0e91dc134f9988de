// The integrations feature's calls: an organisation's apps (its admins), and the consent page's two calls.
import {
  INTEGRATION_PATHS,
  consentDetailsSchema,
  consentOutcomeSchema,
  type ConsentDecision,
  type IntegrationAppCreate,
} from '@blueconsent/contract/integrations'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { callEndpoint } from '../../../lib/endpoints.ts'

const appsKey = ['integrations', 'apps'] as const

export const useIntegrationApps = () =>
  useQuery({
    queryKey: appsKey,
    queryFn: ({ signal }) => callEndpoint('integrations.apps', { signal }),
  })

function useAppsMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: appsKey }),
  })
}

export const useRegisterApp = () =>
  useAppsMutation((body: IntegrationAppCreate) => callEndpoint('integrations.registerApp', { body }))

export const useRotateSecret = () =>
  useAppsMutation((id: string) => callEndpoint('integrations.rotateAppSecret', { params: { id } }))

export const useDeleteApp = () =>
  useAppsMutation((id: string) => callEndpoint('integrations.deleteApp', { params: { id } }))

/** The authorization request as the consent page's address carries it. */
export const useConsentDetails = (search: string) =>
  useQuery({
    queryKey: ['integrations', 'consent', search],
    queryFn: ({ signal }) =>
      apiClient.get(`${INTEGRATION_PATHS.consent}${search}`, { schema: consentDetailsSchema, signal }),
    retry: false,
  })

export const decideConsent = (body: ConsentDecision) =>
  apiClient.post(INTEGRATION_PATHS.consent, body, { schema: consentOutcomeSchema })
