// The setup wizard's public face: its routes, and the route requirement 'setup_complete' (an organisation
// sends authorization requests only once it finished its setup).
export { setupRoutes } from './setup.routes.ts'
export { setupRequirements } from './setup.service.ts'
