// Trace ids in the log lines, so a slow or failed request's lines lead to its trace and back.
import { isSpanContextValid, trace } from '@opentelemetry/api'

/** pino mixin: the active span's trace and span ids, or nothing outside a span. */
export function traceIds(): Record<string, string> {
  const context = trace.getActiveSpan()?.spanContext()
  if (!context || !isSpanContextValid(context)) return {}
  return { trace_id: context.traceId, span_id: context.spanId }
}
