// The two-factor feature's public face: its routes, and the gate app.ts hands to the auth feature's sign-in.
export { twoFactorGate } from './sign-in.service.ts'
export { twoFactorRoutes } from './two-factor.routes.ts'
export { totpAt } from './totp.ts'
