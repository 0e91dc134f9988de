// The ingestion feature's public face: the Medicare pull (job worker and direct run), the request's data
// endpoint, and its lifecycle subscriptions.
export { requestDataRoutes } from './data.routes.ts'
export { runIngestion, type IngestionOutcome } from './ingestion.service.ts'
export { resumeHeldPulls } from './ingestion.queue.ts'
export { startIngestionWorker } from './ingestion.worker.ts'
export { computeRiskScore, sexOf, type Demographics } from './risk.ts'
export { subscribeIngestion } from './subscriptions.ts'
