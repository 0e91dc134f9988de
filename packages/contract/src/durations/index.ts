export * from './durations.ts'
