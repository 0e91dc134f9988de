export * from './patient-data.ts'
export * from './patients.ts'
export * from './claim-words.ts'
