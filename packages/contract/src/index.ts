// The whole contract in one import. Each feature's schemas also have their own entry point
// (`@blueconsent/contract/patients`, …) and the cross-feature parts live in `@blueconsent/contract/shared`.
export * from './shared/index.ts'
export * from './audit/index.ts'
export * from './auth/index.ts'
export * from './authorization-requests/index.ts'
export * from './consent/index.ts'
export * from './dev-outbox/index.ts'
export * from './patients/index.ts'
export * from './tins/index.ts'
export * from './invitations/index.ts'
export * from './members/index.ts'
export * from './signup/index.ts'
