export { passwordRoutes } from './passwords.routes.ts'
export { requestPasswordReset } from './passwords.service.ts'
