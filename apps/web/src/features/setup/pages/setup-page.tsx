// /app/setup: the wizard that turns a new account into a ready organisation — business type, identity,
// first invitations, then completion — with undo/redo, a progress figure from the readiness gates, and its
// progress kept in this browser and on the server so it resumes anywhere. It starts from what sign-up
// recorded (business type, name, NPI) and asks only the rest; the last step reports billing as Billing does.
import { isActiveSubscription, subscriptionStatusLabel } from '@blueconsent/contract/billing'
import {
  BUSINESS_TYPE_CHOICES,
  SETUP_STEPS,
  answeredAtSignup,
  identityErrors,
  isSetupReady,
  prefilledSetupState,
  readinessGates,
  recordChange,
  redo,
  setupProgress,
  undo,
  type SetupHistory,
  type SetupState,
  type SetupStep,
} from '@blueconsent/contract/setup'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { useSession } from '@/lib/session.ts'
import {
  completeSetup,
  readLocalProgress,
  saveSetupProgress,
  setupKeys,
  useSetupProgress,
  useSubscription,
  writeLocalProgress,
} from '../api/setup-api.ts'
import { IdentityStep } from '../components/identity-step.tsx'
import { InvitesStep } from '../components/invites-step.tsx'
import { touchedKey, visibleErrors } from '../components/wizard-rules.ts'
import { ownValue } from '@blueconsent/contract/shared'

const STEP_LABELS: Record<SetupStep, string> = {
  'business-type': 'Business type',
  identity: 'Identity',
  invites: 'Invitations',
  complete: 'Complete',
}
// The billingActive gate is always true by rule (billing never blocks setup), so it is not listed as done:
// the last step reports the real subscription instead.
const GATE_LABELS: Record<string, string> = {
  emailVerified: 'Email verified',
  acoProfileComplete: 'ACO profile complete',
  hasTin: 'At least one contracted TIN',
  npiValidated: 'NPI validated',
  displayIdentity: 'Display name set',
  npn: 'NPN entered',
  organizationAndPhone: 'Organization name and phone',
  license: 'License number and state',
  agencyProfile: 'Legal name, street and support email',
  businessType: 'Business type chosen',
  identity: 'Identity details',
}
const HIDDEN_GATES = new Set(['billingActive'])
const SERVER_SAVE_DELAY_MS = 800

export function SetupPage() {
  const { user } = useSession()
  const progress = useSetupProgress()
  if (!user) return null
  if (progress.isPending) return <Spinner label="Loading your setup…" />
  if (progress.isError)
    return (
      <Alert type="error">
        {isApiError(progress.error) && progress.error.status === 403
          ? 'Only an administrator of your organization can set it up.'
          : 'Failed to load your setup progress.'}
      </Alert>
    )
  if (progress.data.completed)
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">Setup</h1>
        <Alert type="success">Your organization is set up.</Alert>
        <Link className="btn btn-primary self-start" to="/app/dashboard">
          Go to Dashboard
        </Link>
      </div>
    )
  const local = readLocalProgress(user.id)
  const serverAt = progress.data.updated_at ? new Date(progress.data.updated_at).getTime() : 0
  const { organization } = progress.data
  // A first visit starts from what sign-up recorded; saved progress (here or on the server) wins after that.
  const initial =
    local && (!progress.data.state || local.savedAt >= serverAt)
      ? local.state
      : (progress.data.state ?? prefilledSetupState(organization))
  return <Wizard userId={user.id} initial={initial} answered={answeredAtSignup(organization)} />
}

type Answered = ReturnType<typeof answeredAtSignup>

function Wizard({ userId, initial, answered }: { userId: string; initial: SetupState; answered: Answered }) {
  const [history, setHistory] = useState<SetupHistory>({ past: [], present: initial, future: [] })
  const [error, setError] = useState<string | null>(null)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [finishing, setFinishing] = useState(false)
  // Errors show for a field once it was left, and for the whole step once the user tried to go on.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [submitted, setSubmitted] = useState(false)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const state = history.present
  const errors = useMemo(() => ({ ...identityErrors(state), ...serverErrors }), [state, serverErrors])
  const shown = visibleErrors(errors, touched, submitted || Object.keys(serverErrors).length > 0)
  const gates = readinessGates(state)
  const percent = setupProgress(gates)
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const touch = (target: EventTarget | null) => {
    const key = touchedKey(target)
    if (key && !touched.has(key)) setTouched(new Set([...touched, key]))
  }

  // Kept here at once, and on the server a moment after the last change.
  useEffect(() => {
    writeLocalProgress(userId, state)
    if (saveTimer.current) clearTimeout(saveTimer.current)
    saveTimer.current = setTimeout(() => {
      saveSetupProgress(state).catch(() => undefined)
    }, SERVER_SAVE_DELAY_MS)
    return () => {
      if (saveTimer.current) clearTimeout(saveTimer.current)
    }
  }, [state, userId])

  const change = (next: SetupState) => {
    setServerErrors({})
    setHistory((current) => recordChange(current, next))
  }
  const goTo = (step: SetupStep) => {
    setSubmitted(false)
    change({ ...state, currentStep: step })
  }
  const stepIndex = SETUP_STEPS.indexOf(state.currentStep)
  /** Going on from the identity step shows what is still missing instead of carrying it to the end. */
  const goOn = () => {
    if (state.currentStep === 'identity' && Object.keys(identityErrors(state)).length > 0)
      return setSubmitted(true)
    goTo(SETUP_STEPS[stepIndex + 1] ?? 'complete')
  }

  async function finish() {
    setFinishing(true)
    setError(null)
    try {
      const done = await completeSetup(state)
      writeLocalProgress(userId, null)
      await queryClient.invalidateQueries({ queryKey: setupKeys.progress() })
      void navigate(done.home)
    } catch (failure) {
      if (isApiError(failure) && failure.fieldErrors) {
        const fields = Object.fromEntries(
          Object.entries(failure.fieldErrors).map(([key, messages]) => [key, messages[0] ?? '']),
        )
        setServerErrors(fields)
        setError(
          fields.non_field_errors ?? Object.values(fields)[0] ?? 'Please check the highlighted fields.',
        )
      } else
        setError(
          isApiError(failure) && failure.detail
            ? failure.detail
            : 'Setup could not be completed. Please try again.',
        )
      setFinishing(false)
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Set up your organization</h1>
          <p className="mt-2">A few details, and you can start sending authorization requests.</p>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={history.past.length === 0}
            onClick={() => setHistory(undo)}
          >
            Undo
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={history.future.length === 0}
            onClick={() => setHistory(redo)}
          >
            Redo
          </button>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor="setup-progress" className="text-sm font-medium">
          Setup progress: {percent}%
        </label>
        <progress
          id="setup-progress"
          className="progress progress-primary w-full"
          value={percent}
          max={100}
        />
      </div>
      <nav aria-label="Setup steps">
        <ol className="steps w-full">
          {SETUP_STEPS.map((step, index) => (
            <li
              key={step}
              className={`step ${index <= stepIndex ? 'step-primary' : ''}`}
              aria-current={step === state.currentStep ? 'step' : undefined}
            >
              {STEP_LABELS[step]}
            </li>
          ))}
        </ol>
      </nav>
      <section className="card bg-base-100 shadow" aria-labelledby="setup-step-title">
        <div className="card-body gap-4">
          <h2 id="setup-step-title" className="card-title">
            {STEP_LABELS[state.currentStep]}
          </h2>
          {error ? <Alert type="error">{error}</Alert> : null}
          {state.currentStep === 'business-type' ? (
            <BusinessTypeStep state={state} change={change} fromSignup={answered.businessType} />
          ) : null}
          {state.currentStep === 'identity' ? (
            <div onBlur={(event) => touch(event.target)}>
              {answered.businessType ? <SignupSummary state={state} /> : null}
              <IdentityStep state={state} errors={shown} change={change} npiFromSignup={answered.npi} />
            </div>
          ) : null}
          {state.currentStep === 'invites' ? (
            <InvitesStep state={state} errors={errors} change={change} />
          ) : null}
          {state.currentStep === 'complete' && Object.keys(errors).length > 0 ? (
            <Alert type="warning">
              <p className="font-semibold">Still to fix before finishing:</p>
              <ul className="list-disc pl-5">
                {[...new Set(Object.values(errors))].map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {state.currentStep === 'complete' ? (
            <ul className="flex flex-col gap-1">
              {Object.entries(gates)
                .filter(([gate]) => !HIDDEN_GATES.has(gate))
                .map(([gate, ok]) => (
                  <li key={gate}>
                    <span aria-hidden="true">{ok ? '✓' : '○'}</span> {ownValue(GATE_LABELS, gate) ?? gate}:{' '}
                    {ok ? 'done' : 'not yet'}
                  </li>
                ))}
              <li>
                <BillingState />
              </li>
            </ul>
          ) : null}
          <div className="flex flex-wrap justify-between gap-2">
            <button
              type="button"
              className="btn btn-ghost"
              disabled={stepIndex === 0}
              onClick={() => goTo(SETUP_STEPS[stepIndex - 1] ?? 'business-type')}
            >
              Back
            </button>
            {state.currentStep === 'complete' ? (
              <button
                type="button"
                className="btn btn-primary"
                disabled={!isSetupReady(state) || finishing}
                onClick={() => void finish()}
              >
                {finishing ? 'Finishing…' : 'Finish setup'}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                disabled={state.currentStep === 'business-type' && !state.businessType}
                onClick={goOn}
              >
                Continue
              </button>
            )}
          </div>
        </div>
      </section>
    </div>
  )
}

/** What the user told us at sign-up, stated once on the identity step instead of asked again. */
function SignupSummary({ state }: { state: SetupState }) {
  const choice = state.accountType
    ? BUSINESS_TYPE_CHOICES[state.accountType].find((option) => option.value === state.businessType)
    : undefined
  if (!choice) return null
  return (
    <p className="mb-4">
      From your sign-up: <strong>{choice.label}</strong>. Check the details below and add what is missing.
    </p>
  )
}

/** The subscription as Billing reports it, never assumed: no subscription yet, or the plan's real status. */
function BillingState() {
  const subscription = useSubscription(true)
  const billingLink = (
    <Link className="link" to="/app/billing">
      Billing
    </Link>
  )
  if (subscription.isPending) return <span>Billing: checking your subscription…</span>
  if (subscription.isError)
    return <span>Billing: your subscription could not be checked. See {billingLink}.</span>
  const status = subscription.data?.subscription_status ?? null
  if (!subscription.data || !status)
    return (
      <span>
        <span aria-hidden="true">○</span> Billing: No subscription yet — start a free trial or choose a plan
        in {billingLink}.
      </span>
    )
  return (
    <span>
      <span aria-hidden="true">{isActiveSubscription(status) ? '✓' : '○'}</span> Billing: subscription{' '}
      {subscriptionStatusLabel(status)}. Manage it in {billingLink}.
    </span>
  )
}

function BusinessTypeStep({
  state,
  change,
  fromSignup,
}: {
  state: SetupState
  change: (next: SetupState) => void
  fromSignup: boolean
}) {
  const chosen = state.accountType
    ? BUSINESS_TYPE_CHOICES[state.accountType].find((option) => option.value === state.businessType)
    : undefined
  // Sign-up already said what the organisation is; it is shown, not asked again.
  if (fromSignup && chosen)
    return (
      <p>
        Your organization signed up as <strong>{chosen.label}</strong>. Continue to its details.
      </p>
    )
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">Account type</legend>
        {(['INDIVIDUAL', 'TEAM'] as const).map((type) => (
          <label key={type} className="flex items-center gap-2">
            <input
              type="radio"
              className="radio"
              name="account-type"
              checked={state.accountType === type}
              onChange={() => change({ ...state, accountType: type, businessType: null })}
            />
            {type === 'INDIVIDUAL' ? 'Individual' : 'Team'}
          </label>
        ))}
      </fieldset>
      {state.accountType ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">Business type</legend>
          {BUSINESS_TYPE_CHOICES[state.accountType].map((choice) => (
            <label key={choice.value} className="flex items-center gap-2">
              <input
                type="radio"
                className="radio"
                name="business-type"
                checked={state.businessType === choice.value}
                onChange={() => change({ ...state, businessType: choice.value })}
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  )
}
