// Cookie attributes. Browsers treat http://localhost as secure, so Secure is dropped only for plain
// http on another host (a LAN demo), where a Secure cookie would never come back.
import { SERVER_SESSION } from '@blueconsent/contract/shared'
import type { CookieSerializeOptions } from '@fastify/cookie'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

export function cookiesAreSecure(publicUrl: string): boolean {
  const url = new URL(publicUrl)
  return !(url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname))
}

export function refreshCookieOptions(
  publicUrl: string,
  session: { rememberMe: boolean; familyCreatedAt: Date },
  now: Date,
): CookieSerializeOptions {
  const remainingSeconds = Math.floor(
    (session.familyCreatedAt.getTime() + SERVER_SESSION.absoluteLifetimeSeconds * 1000 - now.getTime()) /
      1000,
  )
  return {
    httpOnly: true,
    secure: cookiesAreSecure(publicUrl),
    sameSite: 'lax',
    path: '/',
    // Remember-me keeps the cookie across browser restarts, never past the 12 h session cap.
    ...(session.rememberMe ? { maxAge: Math.max(0, remainingSeconds) } : {}),
  }
}

export function csrfCookieOptions(publicUrl: string): CookieSerializeOptions {
  // Readable by the SPA on purpose: it echoes the value in X-CSRFToken (double submit).
  return { httpOnly: false, secure: cookiesAreSecure(publicUrl), sameSite: 'lax', path: '/' }
}
