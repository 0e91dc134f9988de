// The webhooks' calls: the organisation's endpoints, their secrets (shown once) and delivery logs.
import type { WebhookEndpointCreate, WebhookEndpointUpdate } from '@blueconsent/contract/integrations'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { integrationKeys } from './integrations-api.ts'

/** How often an open delivery log looks for new attempts. */
const DELIVERY_LOG_REFRESH_MS = 3000

export const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.webhooks(),
    queryFn: ({ signal }) => callEndpoint('integrations.webhooks', { signal }),
  })

export const useWebhookEndpoints = () => useQuery(webhookEndpointsQueryOptions())

export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: integrationKeys.deliveries(id),
    queryFn: ({ signal }) => callEndpoint('integrations.webhookDeliveries', { params: { id }, signal }),
    refetchInterval: DELIVERY_LOG_REFRESH_MS,
  })

export const useWebhookDeliveries = (id: string) => useQuery(webhookDeliveriesQueryOptions(id))

function useWebhooksMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks() }),
  })
}

export const useAddWebhookEndpoint = () =>
  useWebhooksMutation((body: WebhookEndpointCreate) => callEndpoint('integrations.createWebhook', { body }))

export const useUpdateWebhookEndpoint = () =>
  useWebhooksMutation(({ id, body }: { id: string; body: WebhookEndpointUpdate }) =>
    callEndpoint('integrations.updateWebhook', { params: { id }, body }),
  )

export const useRotateWebhookSecret = () =>
  useWebhooksMutation((id: string) => callEndpoint('integrations.rotateWebhookSecret', { params: { id } }))

export const useDeleteWebhookEndpoint = () =>
  useWebhooksMutation((id: string) => callEndpoint('integrations.deleteWebhook', { params: { id } }))

export const useSendWebhookTest = () =>
  useWebhooksMutation((id: string) => callEndpoint('integrations.sendWebhookTest', { params: { id } }))

export const useResendWebhookDelivery = () =>
  useWebhooksMutation(({ id, deliveryId }: { id: string; deliveryId: string }) =>
    callEndpoint('integrations.resendWebhookDelivery', { params: { id, deliveryId } }),
  )
