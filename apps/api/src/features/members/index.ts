// An ACO's members' public face: their routes.
export { memberRoutes } from './members.routes.ts'
