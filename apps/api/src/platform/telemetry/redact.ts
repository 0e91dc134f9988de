// What a span may carry out of the process. Every span passes through here before any exporter sees it, so a
// new instrumentation, a library upgrade or a hook forgotten at the source cannot leak a search term, a name,
// an MRN, an MBI, an email or a phone number into the tracing backend: query strings are cut from URLs,
// token-like path segments masked, SQL literals replaced, attributes that exist to carry values (headers,
// query parameters, exception messages) dropped, and anything left that looks like an email, a phone
// number or an MBI masked.
import type { Attributes, AttributeValue } from '@opentelemetry/api'
import type { tracing } from '@opentelemetry/sdk-node'
import { scrubPath } from '../logger.ts'

type ReadableSpan = tracing.ReadableSpan
type SpanExporter = tracing.SpanExporter

export const REDACTED = '[REDACTED]'

/** Attributes dropped whole: they exist to carry request values. */
const DROPPED = [
  /^url\.query$/,
  /^http\.target$/,
  /^http\.(request|response)\.header\./,
  /^http\.(request|response)\.body/,
  /^db\.(query|operation)\.parameter\./,
  /^db\.statement\.parameters$/,
  /^db\.postgresql\.values$/,
  /^exception\.(message|stacktrace)$/,
  /^enduser\./,
  /^user\./,
  /^graphql\.variables/,
]

/** Attributes holding a URL or a path: the query string goes, token-like segments are masked. */
const URLS = new Set(['url.full', 'http.url', 'url.path', 'url.original', 'http.route'])
/** Attributes holding SQL: string literals go (parameters are placeholders and never recorded). */
const STATEMENTS = new Set(['db.query.text', 'db.statement'])

const EMAIL = /[^\s@'"<>(),;:]+@[^\s@'"<>(),;:]+\.[a-z]{2,}/gi
/** CMS's MBI: 11 characters, digits and letters (no S, L, O, I, B, Z), dashes optional. */
const MBI =
  /\b[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9]\d-?[AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9]\d-?[AC-HJKMNP-RT-Y]{2}\d{2}\b/gi
/** Ten or more digits, with the usual separators: a phone number, an SSN-like or an account number. */
const LONG_NUMBER = /\+?\d[\d ().-]{8,}\d/g

function scrubUrl(value: string): string {
  try {
    const url = new URL(value)
    return `${url.protocol}//${url.host}${scrubPath(url.pathname)}`
  } catch {
    return scrubPath(value)
  }
}

export function scrubText(value: string): string {
  return value.replace(EMAIL, REDACTED).replace(MBI, REDACTED).replace(LONG_NUMBER, REDACTED)
}

const scrubSql = (statement: string): string => scrubText(statement.replace(/'(?:[^']|'')*'/g, "'?'"))

function scrubValue(key: string, value: AttributeValue): AttributeValue {
  if (typeof value !== 'string') {
    if (Array.isArray(value))
      return value.map((item) => (typeof item === 'string' ? scrubText(item) : item)) as AttributeValue
    return value
  }
  if (URLS.has(key)) return scrubText(scrubUrl(value))
  if (STATEMENTS.has(key)) return scrubSql(value)
  return scrubText(value)
}

export function redactAttributes(attributes: Attributes): Attributes {
  const kept: Attributes = {}
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || DROPPED.some((pattern) => pattern.test(key))) continue
    kept[key] = scrubValue(key, value)
  }
  return kept
}

/**
 * The span as exported: redacted attributes, events keeping only their names and the exception's type, no
 * status message (an error's text can quote a value), a name without a query string.
 */
export function redactSpan(span: ReadableSpan): ReadableSpan {
  return Object.create(span, {
    name: { value: scrubText(span.name.split('?')[0] ?? ''), enumerable: true },
    attributes: { value: redactAttributes(span.attributes), enumerable: true },
    events: {
      value: span.events.map((event) => ({
        ...event,
        attributes:
          event.attributes?.['exception.type'] === undefined
            ? {}
            : { 'exception.type': event.attributes['exception.type'] },
      })),
      enumerable: true,
    },
    links: { value: span.links.map((link) => ({ ...link, attributes: {} })), enumerable: true },
    status: { value: { code: span.status.code }, enumerable: true },
  }) as ReadableSpan
}

/** Hands the wrapped exporter redacted copies of the spans. */
export class RedactingSpanExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    this.inner.export(spans.map(redactSpan), done)
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown()
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve()
  }
}
