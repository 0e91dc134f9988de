export * from './authorization-requests.ts'
export * from './authorization-request-endpoints.ts'
export * from './request-facts.ts'
