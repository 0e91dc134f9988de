// Reports of an ACO's patients.
export * from './reports.ts'
