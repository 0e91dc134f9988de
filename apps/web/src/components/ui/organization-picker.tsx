// The organisation pick-list of platform administrators' pages (reports, settings, the users filter): one
// query under one key, so every picker on screen shares a single request and cache entry.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { SelectField } from './select-field.tsx'

/**
 * Up to 100 organisations, alphabetical (the server's page limit); enough for a pick-list today. Kept under
 * 'admin', so whatever refreshes the admin pages after an organisation changes refreshes the list too.
 */
export const organizationListQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'organizations', 'pick-list'] as const,
    queryFn: ({ signal }) => callEndpoint('admin.organizations', { query: { page_size: 100 }, signal }),
    staleTime: 60_000,
  })

/** The organisations to pick from; asks nothing while `enabled` is false (a user who may not pick). */
export const useOrganizationList = (enabled = true) =>
  useQuery({ ...organizationListQueryOptions(), enabled })

type OrganizationPickerProps = {
  label?: string
  value: string
  onChange: (organizationId: string) => void
  /** The first choice, meaning 'no organisation picked' (e.g. 'All organizations'); none when omitted. */
  anyLabel?: string
}

export function OrganizationPicker({
  label = 'Organization',
  value,
  onChange,
  anyLabel,
}: OrganizationPickerProps) {
  const organizations = useOrganizationList().data?.results ?? []
  const options = [
    ...(anyLabel === undefined ? [] : [{ value: '', label: anyLabel }]),
    ...organizations.map((organization) => ({ value: organization.id, label: organization.name })),
  ]
  return (
    <SelectField
      label={label}
      value={value}
      options={options}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
