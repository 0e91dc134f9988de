export * from './support.ts'
