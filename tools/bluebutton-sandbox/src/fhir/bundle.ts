import type { FhirResource, JsonObject } from '../synthetic/fhir.ts'
import { randomUUID } from 'node:crypto'
import type { SandboxContext } from '../context.ts'

type RequestOrigin = { readonly protocol: string; readonly headers: { readonly host?: string | undefined } }

/**
 * The absolute URL of a FHIR endpoint for a bundle's links: on the configured public URL, or, when the
 * sandbox runs without one, on the host the request came to (keeping the configured path and prefix).
 */
export function fhirEndpointUrl(ctx: SandboxContext, request: RequestOrigin, path: string): string {
  const configured = ctx.url(path)
  const host = request.headers.host
  if (!ctx.options.linksFromRequestHost || !host) return configured
  return `${request.protocol}://${host}${new URL(configured).pathname}`
}

export type Paging = { readonly count: number; readonly startIndex: number }

// `params` are the search parameters to carry on every link (filters and the patient), so a
// client that follows `next` verbatim keeps its filters. Order mirrors Blue Button's links.
export function searchBundle(opts: {
  readonly endpoint: string
  readonly matches: readonly FhirResource[]
  readonly paging: Paging
  readonly params: readonly [string, string][]
  readonly now: Date
}): JsonObject {
  const { endpoint, matches, paging, params } = opts
  const total = matches.length
  const { count, startIndex } = paging
  const link = (relation: string, start: number, self = false): JsonObject => {
    const query = new URLSearchParams([
      ['_format', 'application/json+fhir'],
      ['startIndex', String(start)],
      ['_count', String(count)],
      ...params,
    ])
    return { relation, url: `${endpoint}${self ? '/' : ''}?${query.toString()}` }
  }
  const last = count > 0 && total > 0 ? Math.floor((total - 1) / count) * count : 0
  const links: JsonObject[] = [link('first', 0)]
  if (count > 0 && startIndex > 0) links.push(link('previous', Math.max(0, startIndex - count)))
  if (count > 0 && startIndex + count < total) links.push(link('next', startIndex + count))
  links.push(link('last', last), link('self', startIndex, true))
  return {
    resourceType: 'Bundle',
    id: randomUUID(),
    meta: { lastUpdated: opts.now.toISOString() },
    type: 'searchset',
    total,
    link: links,
    entry: matches.slice(startIndex, startIndex + count).map((resource) => ({ resource })),
  }
}
