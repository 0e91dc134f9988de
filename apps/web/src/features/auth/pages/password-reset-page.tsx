import { useParams, useSearchParams } from 'react-router'
import { AuthCard } from '../components/auth-card.tsx'
import { PasswordResetConfirmForm } from '../components/password-reset-confirm-form.tsx'
import { PasswordResetRequestForm } from '../components/password-reset-request-form.tsx'

/** /app/password-reset and /app/password-reset/:uid/:token; uid and token may also come as query parameters. */
export function PasswordResetPage() {
  const params = useParams()
  const [searchParams] = useSearchParams()
  const uid = params.uid ?? searchParams.get('uid')
  const token = params.token ?? searchParams.get('token')
  if (uid && token) {
    return (
      <AuthCard title="Set a new password">
        <PasswordResetConfirmForm uid={uid} token={token} />
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Reset your password">
      <PasswordResetRequestForm />
    </AuthCard>
  )
}
