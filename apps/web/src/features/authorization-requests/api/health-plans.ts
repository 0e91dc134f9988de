// GET /api/healthplans/health-plans/.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { callEndpoint } from '@/lib/endpoints.ts'
import { authorizationKeys } from './keys.ts'

export const fetchHealthPlans = () => callEndpoint('authorization-requests.healthPlans')

export const healthPlansQueryOptions = () =>
  queryOptions({
    queryKey: authorizationKeys.healthPlans(),
    queryFn: fetchHealthPlans,
    staleTime: 10 * 60_000,
  })

export const useHealthPlans = () => useQuery(healthPlansQueryOptions())
