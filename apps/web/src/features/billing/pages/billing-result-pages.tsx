// Where Stripe's checkout sends the browser back. Success asks the server, which asks Stripe, whether the
// checkout really completed: the address bar's word is not proof of payment.
import { BILLING_MESSAGES, subscriptionStatusLabel } from '@blueconsent/contract/billing'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { useSession } from '@/lib/session.ts'
import { checkoutQueryOptions } from '../api/billing-api.ts'
import { failureText } from '../components/failure-text.ts'
import { formatBillingDate } from '../components/billing-format.ts'

type CheckedAccount = { subscription_status: string | null; trial_end_date: string | null } | null | undefined

/**
 * What a completed checkout started. A free trial takes no payment, so it is not thanked for one: it says
 * when the trial ends instead.
 */
export function checkoutDoneText(account: CheckedAccount): string {
  if (account?.subscription_status === 'trialing') {
    const ends = account.trial_end_date ? formatBillingDate(account.trial_end_date) : null
    return ends
      ? `Your free trial has started. Nothing is charged until it ends on ${ends}.`
      : 'Your free trial has started. Nothing is charged until it ends.'
  }
  return `Your subscription is ${subscriptionStatusLabel(account?.subscription_status).toLowerCase()}. Thank you!`
}

function Standalone({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 py-6">
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </div>
  )
}

export function BillingSuccessPage() {
  const [params] = useSearchParams()
  const sessionId = params.get('session_id') ?? ''
  const { status } = useSession()
  const check = useQuery({
    ...checkoutQueryOptions(sessionId),
    enabled: status === 'authenticated' && sessionId !== '',
  })
  return (
    <Standalone title="Payment Successful">
      {status !== 'authenticated' ? (
        <p>
          <Link
            className="link"
            to={`/app/login?next=${encodeURIComponent(`/billing/success?session_id=${sessionId}`)}`}
          >
            Sign in
          </Link>{' '}
          to confirm your subscription.
        </p>
      ) : null}
      {check.isPending && status === 'authenticated' ? <Spinner label="Confirming with Stripe…" /> : null}
      {check.isError ? (
        <Alert type="error">{failureText(check.error, BILLING_MESSAGES.loadFailed)}</Alert>
      ) : null}
      {check.data ? (
        check.data.status === 'complete' ? (
          <Alert type="success">{checkoutDoneText(check.data.account)}</Alert>
        ) : (
          <Alert type="warning">
            Stripe has not confirmed this checkout yet. Check the Billing page in a minute.
          </Alert>
        )
      ) : null}
      <Link className="btn btn-primary self-start" to="/app/billing">
        Go to Billing
      </Link>
    </Standalone>
  )
}

export function BillingCancelPage() {
  return (
    <Standalone title="Payment Cancelled">
      <p>No payment was taken. You can subscribe whenever you are ready.</p>
      <Link className="btn btn-primary self-start" to="/app/billing">
        Back to Billing
      </Link>
    </Standalone>
  )
}
