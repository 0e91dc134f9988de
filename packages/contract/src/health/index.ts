// The API's health checks.
export * from './health.ts'
