// /app/setup: the wizard that turns a new account into a ready organisation — business type, identity,
// first invitations, then completion — with undo/redo, a progress figure from the readiness gates, and its
// progress kept in this browser and on the server so it resumes anywhere.
import {
  BUSINESS_TYPE_CHOICES,
  INITIAL_SETUP_STATE,
  SETUP_STEPS,
  identityErrors,
  isSetupReady,
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
import { Alert } from '../../../components/ui/alert.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { isApiError } from '../../../lib/api-error.ts'
import { useSession } from '../../../lib/session.ts'
import {
  SETUP_PROGRESS_KEY,
  completeSetup,
  readLocalProgress,
  saveSetupProgress,
  useSetupProgress,
  writeLocalProgress,
} from '../api/setup-api.ts'
import { IdentityStep } from '../components/identity-step.tsx'
import { InvitesStep } from '../components/invites-step.tsx'

const STEP_LABELS: Record<SetupStep, string> = {
  'business-type': 'Business type',
  identity: 'Identity',
  invites: 'Invitations',
  complete: 'Complete',
}
const GATE_LABELS: Record<string, string> = {
  emailVerified: 'Email verified',
  billingActive: 'Billing active',
  acoProfileComplete: 'ACO profile complete',
  hasTin: 'At least one contracted TIN',
  npiValidated: 'NPI validated',
  displayIdentity: 'Display name set',
  npn: 'NPN entered',
  organizationAndPhone: 'Organization name and phone',
  license: 'License number and state',
  agencyProfile: 'Legal name, street and support email',
  businessType: 'Business type chosen',
}
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
  const initial =
    local && (!progress.data.state || local.savedAt >= serverAt)
      ? local.state
      : (progress.data.state ?? INITIAL_SETUP_STATE)
  return <Wizard userId={user.id} initial={initial} />
}

function Wizard({ userId, initial }: { userId: string; initial: SetupState }) {
  const [history, setHistory] = useState<SetupHistory>({ past: [], present: initial, future: [] })
  const [error, setError] = useState<string | null>(null)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [finishing, setFinishing] = useState(false)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const state = history.present
  const errors = useMemo(() => ({ ...identityErrors(state), ...serverErrors }), [state, serverErrors])
  const gates = readinessGates(state)
  const percent = setupProgress(gates)
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null)

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
  const goTo = (step: SetupStep) => change({ ...state, currentStep: step })
  const stepIndex = SETUP_STEPS.indexOf(state.currentStep)

  async function finish() {
    setFinishing(true)
    setError(null)
    try {
      const done = await completeSetup(state)
      writeLocalProgress(userId, null)
      await queryClient.invalidateQueries({ queryKey: SETUP_PROGRESS_KEY })
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
          {state.currentStep === 'business-type' ? <BusinessTypeStep state={state} change={change} /> : null}
          {state.currentStep === 'identity' ? (
            <IdentityStep state={state} errors={errors} change={change} />
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
              {Object.entries(gates).map(([gate, ok]) => (
                <li key={gate}>
                  <span aria-hidden="true">{ok ? '✓' : '○'}</span> {GATE_LABELS[gate] ?? gate}:{' '}
                  {ok ? 'done' : 'not yet'}
                </li>
              ))}
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
                onClick={() => goTo(SETUP_STEPS[stepIndex + 1] ?? 'complete')}
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

function BusinessTypeStep({ state, change }: { state: SetupState; change: (next: SetupState) => void }) {
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
