// The setup wizard that turns a new account into a ready organisation.
export * from './setup.ts'
