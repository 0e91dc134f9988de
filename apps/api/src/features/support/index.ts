// Support's public face: its routes. Requests are stored here, emailed through the outbox and audited.
export { supportRoutes } from './support.routes.ts'
export { countWaitingSupportRequests } from './support.repository.ts'
