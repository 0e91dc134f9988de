import { StrictMode, type ReactNode } from 'react'
import { FeedbackRegion } from '../components/ui/feedback-region.tsx'

/**
 * App-wide providers. react-query is provided by the lazily loaded layouts (app/routes/query-provider.tsx)
 * rather than here, so the login route does not load it.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      {children}
      <FeedbackRegion />
    </StrictMode>
  )
}
