// Invitations' public face: their routes, the setup wizard's invitation in its own transaction, and the
// invitation flow the team's seats use (the same invitations, the team's email). Accepting one creates the
// account through the auth feature.
export { invitationRoutes } from './invitations.routes.ts'
export {
  acceptInvitation,
  resendInvitation,
  sendInvitationWithin,
  usableInvitation,
  type InvitationEmail,
  type InvitationMailer,
} from './invitations.service.ts'
export {
  assertSeatInvitable,
  pendingInvitationsOf,
  seedPendingSeatInvitation,
  sendSeatInvitation,
  type SeatInvitation,
} from './seat-invitations.ts'
