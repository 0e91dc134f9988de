import { OutboxLink } from '@/features/dev-outbox/components/outbox-link.tsx'
import { LoginPage } from '@/features/auth/pages/login-page.tsx'

/** The login page, with the demo-mode outbox link in its footer. */
export function LoginRoute() {
  return <LoginPage footerExtra={<OutboxLink />} />
}
