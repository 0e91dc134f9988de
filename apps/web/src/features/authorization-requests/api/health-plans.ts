// GET /api/healthplans/health-plans/.
import { healthPlanListSchema } from '@blueconsent/contract/authorization-requests'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'
import { authorizationKeys } from './keys.ts'

export const fetchHealthPlans = () =>
  apiClient.get('/api/healthplans/health-plans/', { schema: healthPlanListSchema })

export const healthPlansQueryOptions = () =>
  queryOptions({
    queryKey: authorizationKeys.healthPlans(),
    queryFn: fetchHealthPlans,
    staleTime: 10 * 60_000,
  })

export const useHealthPlans = () => useQuery(healthPlansQueryOptions())
