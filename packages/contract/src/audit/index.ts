export * from './audit.ts'
