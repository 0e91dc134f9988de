export * from './integrations.ts'
export * from './webhooks.ts'
