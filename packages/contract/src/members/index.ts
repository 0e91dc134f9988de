export * from './members.ts'
