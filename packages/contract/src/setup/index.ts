// The setup wizard that turns a new account into a ready organisation (spec 2 Setup wizard).
export * from './setup.ts'
