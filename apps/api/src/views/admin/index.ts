// The admin area's public face (people side): its routes.
export { adminRoutes } from './admin.routes.ts'
