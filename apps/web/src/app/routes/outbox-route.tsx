import { OutboxPage } from '@/features/dev-outbox/pages/outbox-page.tsx'
import { QueryProvider } from './query-provider.tsx'

export function OutboxRoute() {
  return (
    <QueryProvider>
      <OutboxPage />
    </QueryProvider>
  )
}
