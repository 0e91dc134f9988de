import { QueryClient } from '@tanstack/react-query'
import { retryDelayMs, shouldRetry } from './error-messages.ts'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: retryDelayMs,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      // Mutations are not idempotent in general; retrying them is each feature's decision.
      mutations: { retry: false },
    },
  })
}

/** The app's one query cache, shared by every lazily loaded layout that provides it. */
export const queryClient = createQueryClient()
