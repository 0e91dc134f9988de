// The organisation settings feature's public face: its routes (GET and PUT /api/admin/organization-settings/:id/).
export { organizationSettingsRoutes } from './organization-settings.routes.ts'
