export * from './organization-settings.ts'
