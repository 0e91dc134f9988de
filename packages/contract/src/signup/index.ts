export * from './signup.ts'
