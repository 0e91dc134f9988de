// OpenTelemetry traces: incoming HTTP requests (Node's http), Fastify's routes and hooks (@fastify/otel),
// and PostgreSQL queries (pg), exported over OTLP/HTTP. Started by preload.ts before the app's modules load,
// and only when an OTLP endpoint is configured. The OpenTelemetry packages are imported here, on demand, so a
// server without tracing never loads them. Spans leave the process only through the redacting exporter
// (redact.ts); the instrumentations are also told not to record values in the first place.
import type { Instrumentation } from '@opentelemetry/instrumentation'
import type { NodeSDK, tracing } from '@opentelemetry/sdk-node'
import { setTracingActive } from './active.ts'
import { RedactingSpanExporter } from './redact.ts'

export type TracingOptions = {
  serviceName?: string
  /** Where spans go; OTLP/HTTP to OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT when not given (tests pass a memory one). */
  exporter?: tracing.SpanExporter
  /** Export each span as it ends (tests); batches otherwise. */
  immediate?: boolean
}

export async function startTracing(options: TracingOptions = {}): Promise<NodeSDK> {
  const [sdkNode, otlp, http, pgInstrumentation, fastifyOtel] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
  ])
  const { NodeSDK, tracing } = sdkNode
  const exporter = new RedactingSpanExporter(options.exporter ?? new otlp.OTLPTraceExporter())
  const processor = options.immediate
    ? new tracing.SimpleSpanProcessor(exporter)
    : new tracing.BatchSpanProcessor(exporter)
  const instrumentations: Instrumentation[] = [
    new http.HttpInstrumentation({
      // Probes and scrapes would be most of the spans and say nothing.
      ignoreIncomingRequestHook: (request) => (request.url ?? '').startsWith('/api/health/'),
      // No request or response headers as attributes (the default; stated so nobody adds a cookie by habit).
      headersToSpanAttributes: { server: { requestHeaders: [], responseHeaders: [] } },
    }),
    new pgInstrumentation.PgInstrumentation({
      // The statement's text has placeholders only; its values (names, hashes, MRNs) are never recorded.
      enhancedDatabaseReporting: false,
      // A pool checkout outside any request (the job queue's polling) is noise.
      requireParentSpan: true,
    }),
    new fastifyOtel.FastifyOtelInstrumentation({
      registerOnInitialization: true,
      // An error's message can quote what was asked; the span keeps its status code and the route.
      recordExceptions: false,
      ignorePaths: (route) => route.url?.startsWith('/api/health/') ?? false,
    }) as unknown as Instrumentation,
  ]
  const sdk = new NodeSDK({
    serviceName: options.serviceName ?? 'blueconsent-api',
    spanProcessors: [processor],
    instrumentations,
    // Traces only: metrics are Prometheus's (METRICS_PORT), logs go to stdout with trace ids in them.
    metricReaders: [],
    logRecordProcessors: [],
  })
  sdk.start()
  setTracingActive(true)
  return sdk
}

/** Ends tracing: flushes the spans still batched. */
export async function stopTracing(sdk: NodeSDK): Promise<void> {
  await sdk.shutdown()
  setTracingActive(false)
}
