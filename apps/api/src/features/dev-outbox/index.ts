export { devOutboxRoutes, extractLinks } from './dev-outbox.routes.ts'
