// An organisation's members' public face: their routes, and the list and count the team's seats are.
export { memberRoutes } from './members.routes.ts'
export { activeMemberCount, membersOf } from './members.service.ts'
