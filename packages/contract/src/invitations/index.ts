export * from './invitations.ts'
