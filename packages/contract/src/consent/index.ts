export * from './consent.ts'
