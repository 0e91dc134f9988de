export * from './authorization-requests.ts'
