// /app/oauth/consent: where /o/authorize/ sends a signed-in user for a third-party app. It names the app,
// its organisation and what it may do; Allow or Deny is a CSRF-protected POST, whose answer is where the
// browser goes next (the app's redirect URI with a code, or with error=access_denied).
import { consentRequestSchema, type ConsentDetails } from '@blueconsent/contract/integrations'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { isApiError } from '@/lib/api-error.ts'
import { fullPageNavigate } from '@/lib/navigation.ts'
import { decideConsent, useConsentDetails } from '../api/integrations-api.ts'

const FALLBACK_ERROR = 'This authorization request could not be answered. Return to the app and try again.'

const messageOf = (error: unknown): string =>
  isApiError(error) ? (error.nonFieldMessage ?? error.detail ?? FALLBACK_ERROR) : FALLBACK_ERROR

export function OAuthConsentPage() {
  const { search } = useLocation()
  const details = useConsentDetails(search)
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      {details.isPending ? <Spinner label="Loading the request…" /> : null}
      {details.isError ? (
        <>
          <h1 className="text-3xl font-bold">Authorize an app</h1>
          <Alert type="error">{messageOf(details.error)}</Alert>
        </>
      ) : null}
      {details.data ? <ConsentCard details={details.data} search={search} /> : null}
    </div>
  )
}

function ConsentCard({ details, search }: { details: ConsentDetails; search: string }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const destination = new URL(details.redirect_uri).host

  async function answer(decision: 'allow' | 'deny') {
    const request = consentRequestSchema.safeParse(Object.fromEntries(new URLSearchParams(search)))
    if (!request.success) {
      setError(FALLBACK_ERROR)
      return
    }
    setBusy(true)
    setError(null)
    try {
      const outcome = await decideConsent({ ...request.data, decision })
      fullPageNavigate(outcome.redirect_to)
    } catch (caught) {
      setError(messageOf(caught))
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="consent-heading" className="card bg-base-100 shadow">
      <div className="card-body gap-4">
        <h1 id="consent-heading" className="card-title text-2xl">
          Authorize {details.app_name}
        </h1>
        <p>
          <strong>{details.app_name}</strong>, an app of <strong>{details.organization_name}</strong>, wants
          to access your BlueConsent account.
        </p>
        <div>
          <h2 className="font-semibold">It will be able to:</h2>
          <ul className="mt-2 list-disc pl-6" aria-label="What the app may do">
            {details.scopes.map((scope) => (
              <li key={scope.scope}>{scope.description}</li>
            ))}
          </ul>
        </div>
        <p className="text-sm">
          Allowing sends you back to {destination}. You can revoke this app at any time in Account settings,
          Security.
        </p>
        {error ? <Alert type="error">{error}</Alert> : null}
        <div className="card-actions justify-end">
          <button
            type="button"
            className="btn btn-outline"
            disabled={busy}
            onClick={() => void answer('deny')}
          >
            Deny
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void answer('allow')}
          >
            Allow
          </button>
        </div>
      </div>
    </section>
  )
}
