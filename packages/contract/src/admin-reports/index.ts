export * from './admin-reports.ts'
