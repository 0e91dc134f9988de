import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify'

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>

// Blue Button (Django) serves most paths with a trailing slash and, since 2025, some without;
// Fastify treats them as different routes, so register both spellings.
export function routeBothSlashes(
  app: FastifyInstance,
  method: HTTPMethods | HTTPMethods[],
  path: string,
  handler: Handler,
): void {
  const other = path.endsWith('/') ? path.slice(0, -1) : `${path}/`
  app.route({ method, url: path, handler })
  try {
    app.route({ method, url: other, handler })
  } catch (error) {
    // A host created with ignoreTrailingSlash already routes the other spelling and rejects a duplicate.
    if ((error as { code?: string }).code !== 'FST_ERR_DUPLICATED_ROUTE') throw error
  }
}

export function queryParams(request: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = Object.create(null) as Record<string, string | undefined>
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = value
    else if (Array.isArray(value) && typeof value[0] === 'string') out[key] = value[0]
  }
  return out
}

// Every value of a repeatable parameter (`_lastUpdated=ge…&_lastUpdated=lt…`).
export function queryAll(request: FastifyRequest, key: string): string[] {
  const value = ((request.query ?? {}) as Record<string, unknown>)[key]
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
}

export function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base)
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.toString()
}
