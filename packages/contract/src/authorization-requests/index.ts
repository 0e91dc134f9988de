export * from './authorization-requests.ts'
export * from './request-facts.ts'
