export { oauthRoutes } from './oauth.routes.ts'
