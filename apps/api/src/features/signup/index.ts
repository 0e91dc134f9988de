// Sign-up's public face: its routes.
export { signupRoutes } from './signup.routes.ts'
export { resendVerification } from './signup.service.ts'
