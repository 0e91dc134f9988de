// Adding a card with Stripe Elements (a real Stripe account with a publishable key): the card is typed into
// Stripe's own iframe and confirmed against the SetupIntent the server created, so card numbers never touch
// this portal. Loaded lazily: Stripe.js is fetched from Stripe only when someone adds a card.
import { BILLING_MESSAGES } from '@blueconsent/contract/billing'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import { loadStripe, type Stripe } from '@stripe/stripe-js'
import { useMemo, useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert.tsx'
import { ModalDialog } from '@/components/ui/modal-dialog.tsx'

export type StripeCardFormProps = {
  publishableKey: string
  clientSecret: string
  returnUrl: string
  onSaved: () => Promise<void>
  onClose: () => void
}

// loadStripe must run once per key, not on every render (Stripe's guidance).
const loaders = new Map<string, Promise<Stripe | null>>()
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let loader = loaders.get(publishableKey)
  if (!loader) {
    loader = loadStripe(publishableKey)
    loaders.set(publishableKey, loader)
  }
  return loader
}

export default function StripeCardForm(props: StripeCardFormProps) {
  const stripe = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey])
  return (
    <ModalDialog title="Add card" onClose={props.onClose}>
      <Elements stripe={stripe} options={{ clientSecret: props.clientSecret }}>
        <CardForm {...props} />
      </Elements>
    </ModalDialog>
  )
}

function CardForm({ returnUrl, onSaved, onClose }: StripeCardFormProps) {
  const stripe = useStripe()
  const elements = useElements()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!stripe || !elements) return setError(BILLING_MESSAGES.paymentFormFailed)
    setBusy(true)
    setError(null)
    // Cards that need a bank's page (3-D Secure) come back to returnUrl; the rest finish here.
    const result = await stripe.confirmSetup({
      elements,
      confirmParams: { return_url: returnUrl },
      redirect: 'if_required',
    })
    setBusy(false)
    // Stripe's own words for a declined or mistyped card, shown as they are and never retried.
    if (result.error) return setError(result.error.message ?? BILLING_MESSAGES.paymentFormFailed)
    await onSaved()
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3">
      <div aria-live="polite">{error ? <Alert type="error">{error}</Alert> : null}</div>
      <PaymentElement onLoadError={() => setError(BILLING_MESSAGES.paymentFormFailed)} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || !stripe}>
          {busy ? 'Saving…' : 'Save card'}
        </button>
      </div>
    </form>
  )
}
