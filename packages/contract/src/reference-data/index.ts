export * from './reference-data.ts'
export * from './sms-segments.ts'
