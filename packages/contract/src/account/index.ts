// Profile, address and preferences of the signed-in user.
export * from './account.ts'
