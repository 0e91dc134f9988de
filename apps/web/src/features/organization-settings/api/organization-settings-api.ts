// GET and PUT /api/admin/organization-settings/:id/, and the organisations a platform administrator may pick.
import { adminOrganizationListSchema } from '@blueconsent/contract/admin'
import {
  organizationSettingsSchema,
  type OrganizationSettingsUpdate,
} from '@blueconsent/contract/organization-settings'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

const settingsKey = (id: string) => ['organization-settings', id] as const
const url = (id: string) => `/api/admin/organization-settings/${id}/`

export const useOrganizationSettings = (id: string) =>
  useQuery({
    queryKey: settingsKey(id),
    queryFn: ({ signal }) => apiClient.get(url(id), { schema: organizationSettingsSchema, signal }),
    enabled: id !== '',
  })

export function useSaveOrganizationSettings(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: OrganizationSettingsUpdate) =>
      apiClient.put(url(id), body, { schema: organizationSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(id), saved),
  })
}

/** Up to 100 organisations, alphabetical (the server's page limit); enough for the picker today. */
export const useSettingsOrganizations = (enabled: boolean) =>
  useQuery({
    queryKey: ['organization-settings', 'organizations'],
    queryFn: ({ signal }) =>
      apiClient.get('/api/admin/organizations/', {
        schema: adminOrganizationListSchema,
        query: { page_size: 100 },
        signal,
      }),
    enabled,
    staleTime: 60_000,
  })
