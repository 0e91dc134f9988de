export * from './dev-outbox.ts'
