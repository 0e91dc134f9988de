// The billing portal: the subscription, what can be done with it by whom, the payment history,
// the cards on file and, for a team's administrator, the members on its seats.
import {
  BILLING_MESSAGES,
  isActiveSubscription,
  subscriptionStatusLabel,
  type BillingAccount,
} from '@blueconsent/contract/billing'
import { useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { ModalDialog } from '@/components/ui/modal-dialog.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { fullPageNavigate } from '@/lib/navigation.ts'
import {
  cancelSubscription,
  openCustomerPortal,
  useBilling,
  useRefreshBilling,
  type BillingPath,
} from '../api/billing-api.ts'
import { formatBillingDate, formatMoney, trialEndingSoon } from './billing-format.ts'
import { failureText } from './failure-text.ts'
import { NoSubscription } from './no-subscription.tsx'
import { PaymentHistory } from './payment-history.tsx'
import { PaymentMethods } from './payment-methods.tsx'
import { TeamMembers } from './team-members.tsx'

export function BillingPortal() {
  const billing = useBilling()
  if (billing.isPending) return <Spinner label="Loading billing information…" />
  if (billing.isError)
    return (
      <Alert
        type="error"
        action={
          <button type="button" className="btn btn-sm" onClick={() => void billing.refetch()}>
            Retry
          </button>
        }
      >
        {failureText(billing.error, BILLING_MESSAGES.loadFailed)}
      </Alert>
    )
  const { account, path } = billing.data
  if (!account) return <NoSubscription />
  return <Subscription account={account} path={path} />
}

function Subscription({ account, path }: { account: BillingAccount; path: BillingPath }) {
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string } | null>(null)
  const [confirmCancel, setConfirmCancel] = useState(false)
  const [showCards, setShowCards] = useState(false)
  const [busy, setBusy] = useState(false)
  const refresh = useRefreshBilling()
  const manages = account.account_type !== 'TEAM_USER'
  const active = isActiveSubscription(account.subscription_status)

  async function portal() {
    setBusy(true)
    try {
      const { redirect_url } = await openCustomerPortal(path, window.location.href)
      if (redirect_url) fullPageNavigate(redirect_url)
    } catch (error) {
      setNotice({ type: 'error', text: failureText(error, BILLING_MESSAGES.portalFailed) })
    } finally {
      setBusy(false)
    }
  }

  async function cancel() {
    setBusy(true)
    try {
      const { detail } = await cancelSubscription(path)
      setNotice({ type: 'success', text: detail })
      await refresh()
    } catch (error) {
      setNotice({ type: 'error', text: failureText(error, BILLING_MESSAGES.cancelFailed) })
    } finally {
      setBusy(false)
      setConfirmCancel(false)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div aria-live="polite">{notice ? <Alert type={notice.type}>{notice.text}</Alert> : null}</div>
      {trialEndingSoon(account.subscription_status, account.trial_end_date) ? (
        <Alert type="warning">
          <p className="font-semibold">{BILLING_MESSAGES.trialEndingSoon}</p>
          <p>
            Your free trial ends on {formatBillingDate(account.trial_end_date)}. Make sure a card is on file
            to keep access.
          </p>
        </Alert>
      ) : null}
      {account.subscription_status === 'past_due' || account.subscription_status === 'unpaid' ? (
        <Alert type="error">{BILLING_MESSAGES.paymentOverdue}</Alert>
      ) : null}
      <SubscriptionCard account={account} />
      {manages ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => setShowCards((open) => !open)}
            aria-expanded={showCards}
          >
            Manage Payment Methods
          </button>
          <button type="button" className="btn btn-outline" onClick={() => void portal()} disabled={busy}>
            Customer Portal
          </button>
          {active && !account.cancel_at_period_end ? (
            <button
              type="button"
              className="btn btn-error btn-outline"
              onClick={() => setConfirmCancel(true)}
            >
              Cancel Subscription
            </button>
          ) : null}
        </div>
      ) : (
        <p>Your team’s administrator manages this subscription.</p>
      )}
      {manages && showCards ? <PaymentMethods /> : null}
      <PaymentHistory payments={account.payment_history} />
      {account.account_type === 'TEAM_ADMIN' ? <TeamMembers account={account} /> : null}
      {confirmCancel ? (
        <ModalDialog title="Cancel subscription?" onClose={() => setConfirmCancel(false)}>
          <p>
            Your subscription stays active until {formatBillingDate(account.next_billing_date)}; after that,
            no further charges are made and new authorization requests stop.
          </p>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-ghost" onClick={() => setConfirmCancel(false)}>
              Keep Subscription
            </button>
            <button type="button" className="btn btn-error" onClick={() => void cancel()} disabled={busy}>
              {busy ? 'Canceling…' : 'Cancel Subscription'}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  )
}

function SubscriptionCard({ account }: { account: BillingAccount }) {
  const status = account.subscription_status
  const badge =
    status === 'active'
      ? 'badge-success'
      : status === 'trialing'
        ? 'badge-info'
        : status
          ? 'badge-warning'
          : 'badge-ghost'
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="subscription-title">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="subscription-title" className="card-title">
            {account.team_name ? `${account.team_name} subscription` : 'Your subscription'}
          </h2>
          <span className={`badge ${badge}`}>{subscriptionStatusLabel(status)}</span>
        </div>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-sm font-semibold">Monthly cost</dt>
            <dd>{formatMoney(account.monthly_cost)}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold">Seats</dt>
            <dd>
              {account.seats_active} of {account.seats_total} in use
              {account.seat_price === undefined ? null : ` · ${formatMoney(account.seat_price)} per seat`}
            </dd>
          </div>
          {account.trial_end_date ? (
            <div>
              <dt className="text-sm font-semibold">Trial ends</dt>
              <dd>{formatBillingDate(account.trial_end_date)}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-sm font-semibold">
              {account.cancel_at_period_end ? 'Ends' : 'Next billing date'}
            </dt>
            <dd>{formatBillingDate(account.next_billing_date)}</dd>
          </div>
        </dl>
        <p className="text-sm">
          Questions about your bill?{' '}
          <Link className="link" to="/app/support">
            Contact support
          </Link>
          .
        </p>
      </div>
    </section>
  )
}
