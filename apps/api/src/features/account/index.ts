// The account feature's public face: its routes, and the check other features use before sending an
// optional email (billing news, system updates, security tips) to a user.
export { accountRoutes } from './account.routes.ts'
export { queueOptionalEmail, wantsOptionalEmail } from './account.service.ts'
