export * from './auth.ts'
export * from './oauth.ts'
export * from './passwords.ts'
