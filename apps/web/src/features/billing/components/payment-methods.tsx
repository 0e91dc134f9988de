// The cards on file: brand, last four digits, expiry and which one
// pays; set another as default, remove one, or add one with Stripe Elements (a real Stripe account) or on the
// local stand-in's own card page, so card numbers never touch this portal.
import { BILLING_MESSAGES, type PaymentMethod } from '@blueconsent/contract/billing'
import { lazy, Suspense, useState } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { fullPageNavigate } from '@/lib/navigation.ts'
import {
  makeDefaultCard,
  removeCard,
  startCardSetup,
  usePaymentMethods,
  useRefreshBilling,
} from '../api/billing-api.ts'
import { brandName } from './billing-format.ts'
import { failureText } from './failure-text.ts'

const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'))

type ElementsSetup = { publishableKey: string; clientSecret: string; returnUrl: string }

const expiry = (method: PaymentMethod) =>
  `${String(method.card.exp_month).padStart(2, '0')}/${String(method.card.exp_year).slice(-2)}`

export function PaymentMethods() {
  const methods = usePaymentMethods(true)
  const refresh = useRefreshBilling()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [elementsSetup, setElementsSetup] = useState<ElementsSetup | null>(null)

  async function run(task: () => Promise<unknown>, fallback: string) {
    setBusy(true)
    setError(null)
    try {
      await task()
      await refresh()
    } catch (failure) {
      setError(failureText(failure, fallback))
    } finally {
      setBusy(false)
    }
  }

  async function addCard() {
    setBusy(true)
    setError(null)
    try {
      const returnUrl = `${window.location.origin}/app/billing`
      const setup = await startCardSetup(returnUrl)
      if (setup.hosted_setup_url) return fullPageNavigate(setup.hosted_setup_url)
      if (setup.publishable_key && setup.client_secret)
        setElementsSetup({
          publishableKey: setup.publishable_key,
          clientSecret: setup.client_secret,
          returnUrl,
        })
      else setError(BILLING_MESSAGES.publishableKeyMissing)
    } catch (failure) {
      setError(failureText(failure, BILLING_MESSAGES.paymentPortalFailed))
    }
    setBusy(false)
  }

  return (
    <section className="card bg-base-100 shadow" aria-labelledby="payment-methods-title">
      <div className="card-body gap-3">
        <h2 id="payment-methods-title" className="card-title">
          Payment methods
        </h2>
        <div aria-live="polite">{error ? <Alert type="error">{error}</Alert> : null}</div>
        {methods.isPending ? <Spinner label="Loading cards…" /> : null}
        {methods.data?.results.length === 0 ? <p>No card on file yet.</p> : null}
        <ul className="flex flex-col gap-2">
          {methods.data?.results.map((method) => (
            <li
              key={method.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-box border border-base-300 p-3"
            >
              <span className="flex flex-wrap items-center gap-2">
                <span className="badge badge-outline">{brandName(method.card.brand)}</span>
                <span>•••• {method.card.last4}</span>
                <span className="text-sm">Expires {expiry(method)}</span>
                {method.is_default ? <span className="badge badge-primary">Default</span> : null}
              </span>
              <span className="flex gap-2">
                {!method.is_default ? (
                  <button
                    type="button"
                    className="btn btn-xs btn-outline"
                    disabled={busy}
                    aria-label={`Make ${brandName(method.card.brand)} ending ${method.card.last4} the default`}
                    onClick={() =>
                      void run(() => makeDefaultCard(method.id), BILLING_MESSAGES.paymentPortalFailed)
                    }
                  >
                    Make default
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn-xs btn-outline btn-error"
                  disabled={busy}
                  aria-label={`Remove ${brandName(method.card.brand)} ending ${method.card.last4}`}
                  onClick={() => void run(() => removeCard(method.id), BILLING_MESSAGES.paymentPortalFailed)}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-primary btn-sm self-start"
          onClick={() => void addCard()}
          disabled={busy}
        >
          Add card
        </button>
      </div>
      {elementsSetup ? (
        <Suspense fallback={<Spinner label="Loading the card form…" />}>
          <StripeCardForm
            {...elementsSetup}
            onClose={() => setElementsSetup(null)}
            onSaved={async () => {
              setElementsSetup(null)
              await refresh()
            }}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
