// Invitations' public face: their routes. Accepting one creates the account through the auth feature.
export { invitationRoutes } from './invitations.routes.ts'
export { sendInvitationWithin } from './invitations.service.ts'
