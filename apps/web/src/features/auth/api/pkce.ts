// PKCE for the portal's own OAuth flow (RFC 7636, S256): a 64-character verifier and a state.
import { SESSION } from '@blueconsent/contract/shared'

const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'

export function randomString(length: number, alphabet: string = UNRESERVED): string {
  const bytes = new Uint8Array(length)
  crypto.getRandomValues(bytes)
  // 66 symbols do not divide 256 evenly; the slight bias is irrelevant at 64 characters of entropy.
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')
}

export const createCodeVerifier = (): string => randomString(SESSION.oauthCodeVerifierLength)
export const createState = (): string => randomString(32)

const base64Url = (bytes: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

export async function codeChallengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64Url(digest)
}
