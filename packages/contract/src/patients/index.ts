export * from './patient-data.ts'
export * from './patients.ts'
export * from './patient-endpoints.ts'
export * from './claim-words.ts'
