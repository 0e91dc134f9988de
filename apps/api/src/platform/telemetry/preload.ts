// Loaded with `node --import` before the server (Dockerfile, `npm run start:prod`), so the instrumentations
// are in place before Fastify, pg and http load. With no OTLP endpoint configured it does nothing: no
// OpenTelemetry module is even loaded. Spans still batched are flushed when the process ends by itself and
// when it shuts down on SIGTERM or SIGINT (serve.ts); a process killed outright loses at most the last batch.
import { flushTracing, setTracingFlush } from './active.ts'

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
  const { startTracing, stopTracing } = await import('./tracing.ts')
  const sdk = await startTracing({ serviceName: process.env.OTEL_SERVICE_NAME || 'blueconsent-api' })
  setTracingFlush(() => stopTracing(sdk))
  process.once('beforeExit', () => void flushTracing())
}

export {}
