// An organisation's settings, read and saved, and the organisations a platform administrator may pick.
import type { OrganizationSettingsUpdate } from '@blueconsent/contract/organization-settings'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { callEndpoint } from '../../../lib/endpoints.ts'

const settingsKey = (id: string) => ['organization-settings', id] as const

export const useOrganizationSettings = (id: string) =>
  useQuery({
    queryKey: settingsKey(id),
    queryFn: ({ signal }) => callEndpoint('organization-settings.settings', { params: { id }, signal }),
    enabled: id !== '',
  })

export function useSaveOrganizationSettings(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: OrganizationSettingsUpdate) =>
      callEndpoint('organization-settings.update', { params: { id }, body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(id), saved),
  })
}
