export * from './patient-data.ts'
export * from './patients.ts'
