// A client span per Blue Button call, named by its kind (fhir_Patient, token…), never by its URL: the paths
// carry beneficiary ids. Node's fetch is not covered by the http instrumentation, so this is the only span
// of the call. Without tracing the call goes straight through.
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { tracingActive } from './active.ts'

export function traceBlueButtonCall(
  call: string,
  method: string,
  send: () => Promise<Response>,
): Promise<Response> {
  if (!tracingActive()) return send()
  const attributes = { 'bluebutton.call': call, 'http.request.method': method }
  return trace
    .getTracer('blueconsent.bluebutton')
    .startActiveSpan(`bluebutton ${call}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        const response = await send()
        span.setAttribute('http.response.status_code', response.status)
        if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
        return response
      } catch (error) {
        span.setAttribute('error.type', 'network_error')
        span.setStatus({ code: SpanStatusCode.ERROR })
        throw error
      } finally {
        span.end()
      }
    })
}
