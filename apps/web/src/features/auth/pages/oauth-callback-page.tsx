import { SESSION, STORAGE_KEYS } from '@blueconsent/contract/shared'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/app/paths.ts'
import { Alert } from '@/components/ui/alert.tsx'
import { Spinner } from '@/components/ui/spinner.tsx'
import { session } from '@/lib/session.ts'
import { readStored, writeStored } from '@/lib/storage.ts'
import { exchangeOAuthCode } from '../api/auth-api.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { oauthRedirectUri } from './oauth-start-page.tsx'

export const OAUTH_MESSAGES = {
  missingCode: 'OAuth callback missing code',
  stateMismatch: 'OAuth state mismatch',
  failed: 'Login failed. Please try again.',
} as const
const BACK_TO_LOGIN_MS = 3000

async function completeOAuth(params: URLSearchParams): Promise<string | null> {
  const code = params.get('code')
  const storedState = readStored(STORAGE_KEYS.oauthState, 'session')
  const verifier = readStored(STORAGE_KEYS.oauthCodeVerifier, 'session')
  writeStored(STORAGE_KEYS.oauthState, null, 'session')
  writeStored(STORAGE_KEYS.oauthCodeVerifier, null, 'session')
  if (params.get('error')) return OAUTH_MESSAGES.failed
  if (!code) return OAUTH_MESSAGES.missingCode
  if (!storedState || params.get('state') !== storedState) return OAUTH_MESSAGES.stateMismatch
  if (!verifier) return OAUTH_MESSAGES.failed
  try {
    const token = await exchangeOAuthCode({ code, codeVerifier: verifier, redirectUri: oauthRedirectUri() })
    // The OAuth token's lifetime is taken as 10 s shorter than announced.
    const expiresIn = Math.max(1, token.expires_in - SESSION.oauthExpiryReductionMs / 1000)
    const ok = await session.startAndVerify({ access: token.access_token, expires_in: expiresIn })
    return ok ? null : OAUTH_MESSAGES.failed
  } catch {
    return OAUTH_MESSAGES.failed
  }
}

/** /app/oauth/callback: 'Completing Login…', then the dashboard, or the error and back to login. */
export function OAuthCallbackPage() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void completeOAuth(searchParams).then((failure) => {
      if (failure === null) void navigate(paths.dashboard, { replace: true })
      else setError(failure)
    })
  }, [searchParams, navigate])

  useEffect(() => {
    if (!error) return
    const timer = setTimeout(() => void navigate(paths.login, { replace: true }), BACK_TO_LOGIN_MS)
    return () => clearTimeout(timer)
  }, [error, navigate])

  return (
    <AuthCard title={error ? 'Login failed' : 'Completing Login…'}>
      {error ? (
        <>
          <Alert type="error">
            {/* The specific cause, then the general sentence (once when they are the same). */}
            <span className="block">{error}</span>
            {error === OAUTH_MESSAGES.failed ? null : <span className="block">{OAUTH_MESSAGES.failed}</span>}
          </Alert>
          <Link className="link" to={paths.login}>
            Back to login
          </Link>
        </>
      ) : (
        <Spinner label="Completing Login…" />
      )}
    </AuthCard>
  )
}
