import { OAUTH_SCOPE, WEB_OAUTH_CLIENT_ID } from '@blueconsent/contract/auth'
import { STORAGE_KEYS } from '@blueconsent/contract/shared'
import { useEffect, useRef } from 'react'
import { paths } from '@/app/paths.ts'
import { Spinner } from '@/components/ui/spinner.tsx'
import { fullPageNavigate } from '@/lib/navigation.ts'
import { useSession } from '@/lib/session.ts'
import { writeStored } from '@/lib/storage.ts'
import { codeChallengeFor, createCodeVerifier, createState } from '../api/pkce.ts'
import { AuthCard } from '../components/auth-card.tsx'

export const oauthRedirectUri = (): string => `${window.location.origin}${paths.oauthCallback}`

/** Builds the /o/authorize/ URL and keeps verifier and state for the callback (browser session only). */
export async function beginOAuthSignIn(): Promise<string> {
  const verifier = createCodeVerifier()
  const state = createState()
  writeStored(STORAGE_KEYS.oauthCodeVerifier, verifier, 'session')
  writeStored(STORAGE_KEYS.oauthState, state, 'session')
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: WEB_OAUTH_CLIENT_ID,
    redirect_uri: oauthRedirectUri(),
    scope: OAUTH_SCOPE,
    state,
    code_challenge: await codeChallengeFor(verifier),
    code_challenge_method: 'S256',
  })
  return `/o/authorize/?${query.toString()}`
}

/** /app/oauth/start: single sign-on entry through the portal's own OAuth server. */
export function OAuthStartPage() {
  const { status } = useSession()
  const started = useRef(false)
  useEffect(() => {
    // A page load restores the session by rotating the refresh cookie; leaving for /o/authorize/ before that
    // answer lands would present the old cookie, which the server must treat as token reuse.
    if (status === 'restoring' || started.current) return
    started.current = true
    void beginOAuthSignIn().then(fullPageNavigate)
  }, [status])
  return (
    <AuthCard title="Signing in">
      <Spinner label="Redirecting to sign in…" />
    </AuthCard>
  )
}
