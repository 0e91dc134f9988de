export { passwordRoutes } from './passwords.routes.ts'
