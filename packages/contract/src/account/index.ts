// Profile, address and preferences of the signed-in user (spec 2 §3 User, Address, Preferences).
export * from './account.ts'
