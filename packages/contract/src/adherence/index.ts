export * from './adherence.ts'
