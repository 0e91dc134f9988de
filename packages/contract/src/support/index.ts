export * from './support.ts'
export * from './support-inbox.ts'
