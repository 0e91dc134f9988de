// Support's public face: its routes (the request forms and the admin inbox). Requests are stored here,
// emailed through the outbox and audited.
export { supportRoutes } from './support.routes.ts'
export { supportInboxRoutes } from './support-inbox.routes.ts'
export { waitingSupportRequests } from './support.service.ts'
