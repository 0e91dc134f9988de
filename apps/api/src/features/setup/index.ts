// The setup wizard's public face: its routes, and the check that an organisation finished its setup before
// it sends authorization requests.
export { setupRoutes } from './setup.routes.ts'
export { assertSetupComplete } from './setup.service.ts'
