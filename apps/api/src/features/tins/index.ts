// The TIN registry's public face: its routes. A user's TIN scope is read by the auth feature from active
// TINs on every request, so deactivating a TIN here needs no call into another feature.
export { tinRoutes } from './tins.routes.ts'
export { TIN_CONFLICTS, addTinToOrganization } from './tins.service.ts'
