import { AuthCard } from '../components/auth-card.tsx'
import { PasswordResetRequestForm } from '../components/password-reset-request-form.tsx'

/** /forgot-password (guests only). */
export function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot your password?">
      <PasswordResetRequestForm />
    </AuthCard>
  )
}
