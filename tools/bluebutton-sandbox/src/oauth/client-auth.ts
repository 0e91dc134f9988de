import { timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { SandboxClient } from '../options.ts'

export type FormBody = Record<string, string | undefined>

export function formBody(request: FastifyRequest): FormBody {
  const body = request.body
  if (body === null || typeof body !== 'object') return {}
  const out: FormBody = Object.create(null) as FormBody
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = value
    else if (Array.isArray(value) && typeof value[0] === 'string') out[key] = value[0]
  }
  return out
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  if (!header?.toLowerCase().startsWith('basic ')) return undefined
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return undefined
  // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
  const decode = (s: string): string => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '))
    } catch {
      return s
    }
  }
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) }
}

export type ClientAuthMode = 'basic-or-body' | 'basic-only'

// Confidential clients only: HTTP Basic (the docs' curl) or client_id + client_secret in the body
// (the Node SDK). Returns undefined for missing or wrong credentials.
export function authenticateClient(
  request: FastifyRequest,
  clients: readonly SandboxClient[],
  mode: ClientAuthMode = 'basic-or-body',
): SandboxClient | undefined {
  const body = formBody(request)
  const basic = basicCredentials(request.headers.authorization)
  const creds =
    basic ??
    (mode === 'basic-or-body' && body['client_id'] && body['client_secret']
      ? { id: body['client_id'], secret: body['client_secret'] }
      : undefined)
  if (!creds) return undefined
  const client = clients.find((c) => c.clientId === creds.id)
  return client && safeEqual(client.clientSecret, creds.secret) ? client : undefined
}
