// The role dashboards' figures.
export * from './dashboard.ts'
