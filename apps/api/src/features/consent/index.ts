// The consent feature's public face: the patient's pages and Blue Button's callback.
export { consentRoutes } from './consent.routes.ts'
