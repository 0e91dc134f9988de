export * from './admin.ts'
