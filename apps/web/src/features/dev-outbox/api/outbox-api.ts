// The dev-only outbox (DESIGN.md §6): every email and SMS the portal would have sent, in demo mode.
import { outboxListSchema } from '@blueconsent/contract'
import { queryOptions } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.ts'

// Public on purpose: the outbox is for demos and tests, where nobody may be signed in; the server
// answers 404 unless dev tools are enabled.
export const fetchOutbox = () => apiClient.get('/api/dev/outbox/', { schema: outboxListSchema, public: true })

export const outboxQueryOptions = () =>
  queryOptions({ queryKey: ['dev-outbox'], queryFn: fetchOutbox, retry: false, refetchInterval: 5000 })
