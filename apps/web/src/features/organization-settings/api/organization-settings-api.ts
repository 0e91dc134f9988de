// An organisation's settings, read and saved, and the organisations a platform administrator may pick.
import type { OrganizationSettingsUpdate } from '@blueconsent/contract/organization-settings'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

const ALL = ['organization-settings'] as const
export const organizationSettingsKeys = {
  all: ALL,
  settings: (id: string) => [...ALL, id] as const,
}

export const organizationSettingsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: organizationSettingsKeys.settings(id),
    queryFn: ({ signal }) => callEndpoint('organization-settings.settings', { params: { id }, signal }),
  })

export const useOrganizationSettings = (id: string) =>
  useQuery({ ...organizationSettingsQueryOptions(id), enabled: id !== '' })

export function useSaveOrganizationSettings(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: OrganizationSettingsUpdate) =>
      callEndpoint('organization-settings.update', { params: { id }, body }),
    onSuccess: (saved) => queryClient.setQueryData(organizationSettingsKeys.settings(id), saved),
  })
}
