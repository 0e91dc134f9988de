export * from './tins.ts'
