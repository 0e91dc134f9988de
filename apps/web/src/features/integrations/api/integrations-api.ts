// The integrations feature's calls: an organisation's apps (its admins), and the consent page's two calls.
import type {
  ConsentDecision,
  ConsentRequest,
  IntegrationAppCreate,
} from '@blueconsent/contract/integrations'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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

/** The authorization request's parameters from the consent page's address, for the server to check. */
const consentRequestOf = (search: string) =>
  Object.fromEntries(new URLSearchParams(search)) as Partial<ConsentRequest>

/** The authorization request as the consent page's address carries it. */
export const useConsentDetails = (search: string) =>
  useQuery({
    queryKey: ['integrations', 'consent', search],
    queryFn: ({ signal }) =>
      callEndpoint('oauth.consentDetails', { query: consentRequestOf(search), signal }),
    retry: false,
  })

export const decideConsent = (body: ConsentDecision) => callEndpoint('oauth.decideConsent', { body })
