// The Blue Button feature's public face: a client per CMS application, the stored grants, the in-process
// sandbox, and the subscription that ends grants with their authorizations.
export {
  blueButtonClients,
  SCOPES_BY_TYPE,
  useBlueButtonTransport,
  type BlueButtonClients,
} from './clients.ts'
export {
  findGrant,
  grantTokenSource,
  recordGrantPart2Sharing,
  revokeAtBlueButton,
  revokeGrantForRequest,
  saveGrant,
  type GrantRow,
  type RevokeAtBlueButtonJob,
} from './grants.service.ts'
export { injectFetch, registerBlueButtonSandbox } from './sandbox-mount.ts'
export { subscribeBlueButton } from './subscriptions.ts'
