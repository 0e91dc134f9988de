// No subscription yet: the spec's card with a way to support, and the way in — a checkout for an individual
// account, a team sign-up (name and seats) for a team's administrator.
import {
  BILLING_MESSAGES,
  SEAT_PRICE_CENTS,
  TRIAL_DAYS,
  teamSignupSchema,
} from '@blueconsent/contract/billing'
import { isAdminRole } from '@blueconsent/contract/shared'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { TextField } from '@/components/ui/text-field.tsx'
import { zodFieldErrors } from '@/lib/form-errors.ts'
import { fullPageNavigate } from '@/lib/navigation.ts'
import { useSession } from '@/lib/session.ts'
import { startIndividualCheckout, startTeamSignup } from '../api/billing-api.ts'
import { formatMoney } from './billing-format.ts'
import { failureText } from './failure-text.ts'

export function NoSubscription() {
  const { user } = useSession()
  const individual = user?.organization?.organization_type === 'INDIVIDUAL'
  const admin = user ? isAdminRole(user.role) : false
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="no-subscription-title">
      <div className="card-body gap-4">
        <h2 id="no-subscription-title" className="card-title">
          {BILLING_MESSAGES.noSubscription}
        </h2>
        <p>
          BlueConsent costs {formatMoney(SEAT_PRICE_CENTS)} per seat each month, with a {TRIAL_DAYS}-day free
          trial. Questions?{' '}
          <Link className="link" to="/app/support">
            Contact support
          </Link>
          .
        </p>
        {individual ? (
          <IndividualCheckout />
        ) : admin ? (
          <TeamSignupForm />
        ) : (
          <p>Ask your administrator to subscribe.</p>
        )}
      </div>
    </section>
  )
}

function IndividualCheckout() {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function start() {
    setBusy(true)
    setError(null)
    try {
      fullPageNavigate((await startIndividualCheckout(window.location.origin)).checkout_url)
    } catch (failure) {
      setError(failureText(failure, BILLING_MESSAGES.checkoutFailed))
      setBusy(false)
    }
  }
  return (
    <div className="flex flex-col gap-3">
      {error ? <Alert type="error">{error}</Alert> : null}
      <button
        type="button"
        className="btn btn-primary self-start"
        onClick={() => void start()}
        disabled={busy}
      >
        {busy ? 'Opening checkout…' : 'Start free trial'}
      </button>
    </div>
  )
}

function TeamSignupForm() {
  const [values, setValues] = useState({ team_name: '', seats: '5' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const seats = Number.parseInt(values.seats, 10)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const origin = window.location.origin
    const parsed = teamSignupSchema.safeParse({
      team_name: values.team_name,
      seats: Number.isFinite(seats) ? seats : 0,
      success_url: `${origin}/billing/success`,
      cancel_url: `${origin}/billing/cancel`,
    })
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error))
    setErrors({})
    setBusy(true)
    try {
      fullPageNavigate((await startTeamSignup(parsed.data, origin)).checkout_url)
    } catch (failure) {
      setError(failureText(failure, BILLING_MESSAGES.checkoutFailed))
      setBusy(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-md flex-col gap-3"
      aria-label="Subscribe your team"
    >
      {error ? <Alert type="error">{error}</Alert> : null}
      <TextField
        label="Team name"
        value={values.team_name}
        error={errors.team_name}
        onChange={(event) => setValues((current) => ({ ...current, team_name: event.target.value }))}
      />
      <TextField
        label="Seats (you included)"
        type="number"
        min={1}
        max={500}
        value={values.seats}
        error={errors.seats}
        hint={
          Number.isFinite(seats) && seats > 0
            ? `${formatMoney(seats * SEAT_PRICE_CENTS)} per month after the trial`
            : undefined
        }
        onChange={(event) => setValues((current) => ({ ...current, seats: event.target.value }))}
      />
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {busy ? 'Opening checkout…' : 'Start free trial'}
      </button>
    </form>
  )
}
