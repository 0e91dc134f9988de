export * from './consent.ts'
export * from './patient-access.ts'
