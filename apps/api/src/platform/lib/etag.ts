// Conditional GETs for reads that clients poll (the request list and status, patient reads): a strong ETag,
// the hash of the serialized answer, and 304 with no body when the client already holds that answer.
// Responses stay `Cache-Control: no-store` (security-headers.ts): patient data must not sit in a browser's
// disk cache, so the web client keeps the last body per URL in memory and revalidates with If-None-Match.
// This is an onSend hook, so it runs after the handler: the handler's work (the audit row of a patient read)
// is done for a 304 exactly as for a 200; only the bytes on the wire shrink.
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

export const etagOf = (body: string | Buffer): string =>
  `"${createHash('sha256').update(body).digest('base64url')}"`

/** If-None-Match holds `tag` (or `*`); the comparison is weak, as RFC 9110 asks for If-None-Match. */
export function matchesIfNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false
  const opaque = (value: string) => value.trim().replace(/^W\//, '')
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === opaque(tag))
}

/** Route-level onSend hook: adds the ETag to a 200 and answers a matching If-None-Match with 304. */
export async function conditionalGet(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload
  // An answer served from or filed in an answer cache (answer-cache.ts) already carries its tag.
  const held = reply.getHeader('etag')
  const tag = typeof held === 'string' ? held : etagOf(payload)
  reply.header('etag', tag)
  if (!matchesIfNoneMatch(request.headers['if-none-match'], tag)) return payload
  reply.code(304)
  reply.removeHeader('content-type')
  reply.removeHeader('content-encoding')
  return ''
}
