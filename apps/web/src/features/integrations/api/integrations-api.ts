// The integrations feature's calls: an organisation's apps (its admins), and the consent page's two calls.
import type {
  ConsentDecision,
  ConsentRequest,
  IntegrationAppCreate,
} from '@blueconsent/contract/integrations'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

const ALL = ['integrations'] as const
export const integrationKeys = {
  all: ALL,
  apps: () => [...ALL, 'apps'] as const,
  consent: (search: string) => [...ALL, 'consent', search] as const,
  webhooks: () => [...ALL, 'webhooks'] as const,
  deliveries: (id: string) => [...ALL, 'webhooks', id, 'deliveries'] as const,
}

export const integrationAppsQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.apps(),
    queryFn: ({ signal }) => callEndpoint('integrations.apps', { signal }),
  })

export const useIntegrationApps = () => useQuery(integrationAppsQueryOptions())

function useAppsMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.apps() }),
  })
}

export const useRegisterApp = () =>
  useAppsMutation((body: IntegrationAppCreate) => callEndpoint('integrations.registerApp', { body }))

export const useRotateSecret = () =>
  useAppsMutation((id: string) => callEndpoint('integrations.rotateAppSecret', { params: { id } }))

export const useDeleteApp = () =>
  useAppsMutation((id: string) => callEndpoint('integrations.deleteApp', { params: { id } }))

/** The authorization request's parameters from the consent page's address, for the server to check. */
const consentRequestOf = (search: string) =>
  Object.fromEntries(new URLSearchParams(search)) as Partial<ConsentRequest>

/** The authorization request as the consent page's address carries it. */
export const consentDetailsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: integrationKeys.consent(search),
    queryFn: ({ signal }) =>
      callEndpoint('oauth.consentDetails', { query: consentRequestOf(search), signal }),
    retry: false,
  })

export const useConsentDetails = (search: string) => useQuery(consentDetailsQueryOptions(search))

export const decideConsent = (body: ConsentDecision) => callEndpoint('oauth.decideConsent', { body })
