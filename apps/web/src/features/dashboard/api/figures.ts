// GET /api/dashboard/: the role's figures, kept under 'dashboard' so whatever refreshes that prefix (Data
// Access's actions do) refreshes them too.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'

const ALL = ['dashboard'] as const
export const dashboardKeys = {
  all: ALL,
  figures: () => [...ALL, 'figures'] as const,
}

export const figuresQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.figures(),
    queryFn: ({ signal }) => callEndpoint('dashboard.figures', { signal }),
  })

export const useFigures = () => useQuery(figuresQueryOptions())
