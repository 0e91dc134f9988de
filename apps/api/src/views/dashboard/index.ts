// The dashboard's public face: its route.
export { dashboardRoutes } from './dashboard.routes.ts'
